"""The competitions' business logic, in plain functions: taking an evening's places
(:mod:`.places`), the standings (:mod:`.standings`), and the competition file (:mod:`.competition_file`)."""
