"""The Tarock home: what the Tarock games of the scorer share, pure (no Flask, no database, no clock).

- `cards`: the packs (54, 40, counted simply), card points in thirds, piles and their parsing (`CardError`);
- `sides`: what a game played by a declarer's side against the opponents shares: the deal's common fields
  (`sides.Deal`), premium entries (announced, silent, made, Kontra), Kontra levels, the items between the sides,
  the common options;
- `radl`: the replay those games share: the Radl and the doubled Radl, the next dealer, the settlement, its JSON and
  tables;
- `game`: `TarockGame`, the base of every Tarock game's `Game` (the hooks its engine, tables and settlement answer
  alike).

A game's folder (`scorer/games/<game>/`) takes from here what it shares and keeps only its own tariff, facts and
words; nothing here names a game.
"""
