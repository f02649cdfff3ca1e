"""The bench's own plumbing (not its figures): tables written into BENCHMARKS.md between their markers."""

from scorer import bench


def run(section, rows):
    bench.TABLES.clear()
    t = bench.table(section.title(), ["deals", "median"], "Medians of 5 runs.")
    for row in rows:
        t.add(*row)
    return {"section": section, "started": "2026-11-23 06:00 UTC", "load_before": "0.50 / 0.40 / 0.30",
            "load_after": "0.60 / 0.40 / 0.30", "tables": list(bench.TABLES)}


def test_markdown_tables_replace_their_section_and_keep_the_rest(tmp_path, capsys):
    target = tmp_path / "BENCHMARKS.md"
    target.write_text("# Benchmarks\n\nProse before.\n\n<!-- bench:engine -->\nold figures\n<!-- bench:engine end -->"
                      "\n\nProse after.\n")
    bench.write_markdown(str(target), [run("engine", [("1,000", "4.80 ms")]), run("server", [("1", "2 ms")])], False)
    text = target.read_text()
    assert "old figures" not in text and text.startswith("# Benchmarks\n\nProse before.")
    assert "Prose after." in text and text.index("Prose after.") < text.index("<!-- bench:server -->")
    assert "| deals | median |\n|---|---:|\n| 1,000 | 4.80 ms |" in text
    assert "2026-11-23 06:00 UTC" in text and "0.50 / 0.40 / 0.30" in text and bench.machine() in text
    # running one section again replaces only its own tables
    bench.write_markdown(str(target), [run("server", [("20", "9 ms")])], True)
    again = target.read_text()
    assert "| 1,000 | 4.80 ms |" in again and "| 20 | 9 ms |" in again and "| 1 | 2 ms |" not in again
    assert again.count("<!-- bench:server -->") == 1 and again.count("<!-- bench:engine end -->") == 1


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert bench.pct(values, 50) == 50 and bench.pct(values, 95) == 95 and bench.pct(values, 99) == 99
    assert bench.pct([7.0], 95) == 7.0
