"""Excel (openpyxl) import and export."""
