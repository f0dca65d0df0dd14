"""Photo -> hand: `vision.detect` finds and names the tiles, `vision.layout` reads them as a hand."""
