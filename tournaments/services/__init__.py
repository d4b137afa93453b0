"""Business logic as plain functions; views, importers and commands call these."""
