"""A small document model for balance reports: headings, paragraphs, tables and figures,
written as Markdown (``report.md``), optionally HTML (``report.html``), with the numbers behind
them as ``data.json``.

Paragraph text may use ``**bold**`` and ```code``` (the only inline markup the HTML writer
converts).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Block:
    kind: str  # heading | text | table | image
    text: str = ""
    level: int = 2
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    path: str = ""


class Report:
    """A report under construction in directory ``out``."""

    def __init__(self, title: str, out: Path) -> None:
        self.title = title
        self.out = Path(out)
        self.blocks: list[Block] = []
        #: JSON-able numbers per section, written to ``data.json``.
        self.data: dict[str, Any] = {}

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(Block("heading", text, level))

    def text(self, text: str) -> None:
        self.blocks.append(Block("text", " ".join(text.split())))

    def bullets(self, items: Sequence[str]) -> None:
        self.blocks.append(Block("bullets", "", rows=[[" ".join(i.split())] for i in items]))

    def table(self, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self.blocks.append(
            Block(
                "table", header=[str(h) for h in header], rows=[[str(c) for c in r] for r in rows]
            )
        )

    def image(self, path: Path, caption: str) -> None:
        """Reference a PNG already written into ``out`` (by :mod:`ninetynine.analysis.plots`)."""
        self.blocks.append(Block("image", caption, path=Path(path).name))

    def figure_path(self, name: str) -> Path:
        """Where a figure called ``name`` (no extension) goes."""
        return self.out / f"{name}.png"

    # ------------------------------------------------------------------ writers
    def to_markdown(self) -> str:
        lines = [f"# {self.title}", ""]
        for b in self.blocks:
            if b.kind == "heading":
                lines += ["#" * b.level + " " + b.text, ""]
            elif b.kind == "text":
                lines += [b.text, ""]
            elif b.kind == "bullets":
                lines += [f"- {r[0]}" for r in b.rows] + [""]
            elif b.kind == "table":
                lines.append("| " + " | ".join(b.header) + " |")
                lines.append("| " + " | ".join("---" for _ in b.header) + " |")
                lines += ["| " + " | ".join(r) + " |" for r in b.rows]
                lines.append("")
            else:
                lines += [f"![{b.text}]({b.path})", "", f"*{b.text}*", ""]
        return "\n".join(lines).rstrip() + "\n"

    def to_html(self) -> str:
        def inline(t: str) -> str:
            t = html.escape(t)
            t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t)
            return re.sub(r"`(.+?)`", r"<code>\1</code>", t)

        out = [
            "<!doctype html><html><head><meta charset='utf-8'>",
            f"<title>{html.escape(self.title)}</title>",
            "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.45}"
            "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
            "padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
            "img{max-width:100%}figcaption{font-style:italic}</style></head><body>",
            f"<h1>{html.escape(self.title)}</h1>",
        ]
        for b in self.blocks:
            if b.kind == "heading":
                out.append(f"<h{b.level}>{inline(b.text)}</h{b.level}>")
            elif b.kind == "text":
                out.append(f"<p>{inline(b.text)}</p>")
            elif b.kind == "bullets":
                out.append("<ul>" + "".join(f"<li>{inline(r[0])}</li>" for r in b.rows) + "</ul>")
            elif b.kind == "table":
                head = "".join(f"<th>{inline(h)}</th>" for h in b.header)
                body = "".join(
                    "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in b.rows
                )
                out.append(f"<table><tr>{head}</tr>{body}</table>")
            else:
                out.append(
                    f"<figure><img src='{html.escape(b.path)}' alt='{html.escape(b.text)}'>"
                    f"<figcaption>{inline(b.text)}</figcaption></figure>"
                )
        out.append("</body></html>")
        return "\n".join(out) + "\n"

    def write(self, as_html: bool = False) -> list[Path]:
        """Write ``report.md``, ``data.json`` (and ``report.html``); the paths written."""
        self.out.mkdir(parents=True, exist_ok=True)
        paths = [self.out / "report.md", self.out / "data.json"]
        paths[0].write_text(self.to_markdown(), encoding="utf-8")
        paths[1].write_text(json.dumps(self.data, indent=1) + "\n", encoding="utf-8")
        if as_html:
            paths.append(self.out / "report.html")
            paths[-1].write_text(self.to_html(), encoding="utf-8")
        return paths


def pct(x: float | None, digits: int = 1) -> str:
    """``0.4567`` -> ``"45.7%"``."""
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def pct_ci(rate: float, ci: Sequence[float]) -> str:
    """``"45.7% (42.6-48.8%)"``."""
    return f"{100 * rate:.1f}% ({100 * ci[0]:.1f}-{100 * ci[1]:.1f}%)"


def num(x: float | None, digits: int = 2) -> str:
    if x is None:
        return "-"
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.{digits}f}"


__all__ = ["Block", "Report", "num", "pct", "pct_ci"]
