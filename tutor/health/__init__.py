"""Health checks for supervisors and load balancers: liveness and readiness."""
