"""Render one audit result in every output format; all formats read the same result."""
