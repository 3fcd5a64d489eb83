"""The QR links: each event's secret from the signing key, and the signed links to each sheet."""
