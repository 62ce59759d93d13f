"""The continuous copy of the hall's database (docs/continuous-copy.md): while `make hall` or
`make serve` runs on SQLite, Litestream copies every commit into a folder the supervisor names
(`COPY_TO`, e.g. a USB stick), so a second laptop can take over when this one dies.

- `layout`: the fixed names inside the target folder (read by the take-over command as well).
"""
