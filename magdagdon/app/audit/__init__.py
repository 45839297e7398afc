"""The whole-screen audit: the draw log of what a frame shows, and the judge that reads it."""
