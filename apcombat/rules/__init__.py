"""The rule book as pure functions: chances, costs, resolution. No I/O, no state machine."""
