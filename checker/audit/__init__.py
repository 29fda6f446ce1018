"""Streaming orchestration: files in, records counted and judged, one result out."""
