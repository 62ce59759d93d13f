"""Downloads of a tournament's data as files (the Excel workbook).

`xlsx` knows how to write typed, safe cells with openpyxl; `workbook` knows which rows the
tournament's data make; `cells` tells text a spreadsheet would run as a formula, for the .xlsx and
the CSV files alike. None writes to the database.
"""
