"""Downloads of a tournament's data as files (the Excel workbook of issue 5).

`xlsx` knows how to write typed, safe cells with openpyxl; `workbook` knows which rows the
tournament's data make. Neither writes to the database.
"""
