"""What the people who run the site need: the load balancer's health check,
Prometheus metrics and structured logs (docs/deploy.md)."""
