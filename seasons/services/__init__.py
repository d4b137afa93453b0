"""The competitions' business logic, in plain functions: taking an evening's places
(:mod:`.places`), the standings (:mod:`.standings`), the competition file (:mod:`.competition_file`),
the director's changes to evenings and excused absences (:mod:`.evenings`), the rules as a director
types them and in words (:mod:`.rules_input`), and the standings as pages and files show them
(:mod:`.shown`)."""
