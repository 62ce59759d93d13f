"""`/healthz`: whether this process can serve (the database, the task workers), for a load
balancer or a monitor (views)."""
