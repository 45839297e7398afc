"""Drawing: layout math, sprites for dice, and the table's panels. Reads state, never changes it."""
