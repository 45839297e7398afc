"""What the states are handed rather than make: sound, the data folder, the saved settings and
the one-line notices about storage."""
