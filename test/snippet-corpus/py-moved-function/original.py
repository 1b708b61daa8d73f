"""Command-line entry point for the report generator."""
import sys

from report.render import render_html


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: report <input.csv>", file=sys.stderr)
        return 2
    rows = load_rows(argv[1])
    print(render_html(rows))
    return 0


def load_rows(path: str) -> list[dict[str, str]]:
    import csv

    with open(path, newline="") as f:
        return list(csv.DictReader(f))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
