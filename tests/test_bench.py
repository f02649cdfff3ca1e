"""The bench's own plumbing (not its figures): tables written into BENCHMARKS.md between its markers."""

from scorer import bench


def test_markdown_tables_replace_the_old_ones_and_keep_the_text_around(tmp_path, capsys):
    target = tmp_path / "BENCHMARKS.md"
    target.write_text(f"# Benchmarks\n\nProse before.\n\n{bench.BEGIN}\nold figures\n{bench.END}\n\nProse after.\n")
    bench.TABLES.clear()
    t = bench.table("Engine", ["deals", "median"], "Medians of 5 runs.")
    t.add("1,000", "4.80 ms")
    bench.write_markdown(str(target), "2026-11-23 06:00 UTC", "0.50 / 0.40 / 0.30", True, ["engine"])
    text = target.read_text()
    assert "old figures" not in text and text.startswith("# Benchmarks\n\nProse before.")
    assert text.rstrip().endswith("Prose after.")
    assert "| deals | median |\n|---|---:|\n| 1,000 | 4.80 ms |" in text
    assert "2026-11-23 06:00 UTC" in text and "0.50 / 0.40 / 0.30" in text and bench.machine() in text
    assert text.count(bench.BEGIN) == 1 and text.count(bench.END) == 1


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert bench.pct(values, 50) == 50 and bench.pct(values, 95) == 95 and bench.pct(values, 99) == 99
    assert bench.pct([7.0], 95) == 7.0
