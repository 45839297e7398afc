"""Words on screen: the catalogs and plural rules, the fonts, and one text layout that shapes,
orders (right to left where the catalog says so), fits and draws a line of any language."""
