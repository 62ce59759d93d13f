"""The operating system's side of the app, plain Python without Django: child processes that
end with their parent (processes), a task worker's sign of life to its supervisor (liveness), a
free port for a server a command or a test starts (ports), Debian's chromium and its flags
(chromium)."""
