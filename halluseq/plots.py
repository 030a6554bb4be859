"""Report figures as PNG bytes (matplotlib, Agg canvas, no pyplot state): seed distributions, ROC and PR curves,
reliability diagrams and per-slice bars."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from sklearn.metrics import precision_recall_curve, roc_curve


def _png(figure: Figure) -> bytes:
    FigureCanvasAgg(figure)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return buffer.getvalue()


def seed_distributions(values: Mapping[str, Mapping[str, Sequence[float | None]]], metrics: Sequence[str]) -> bytes:
    """One panel per metric: a box per entry over its seeds, and every seed as a point beside it.

    ``values``: entry -> metric -> per-seed values (``None`` where undefined).
    """
    names = list(values)
    columns = min(4, len(metrics))
    rows = -(-len(metrics) // columns)
    figure = Figure(figsize=(3.6 * columns, 0.6 + 3.0 * rows + 0.12 * max(len(n) for n in names)))
    axes = np.atleast_1d(figure.subplots(rows, columns, squeeze=False)).ravel()
    for ax, metric in zip(axes, metrics, strict=False):
        series = [np.array([v for v in values[name][metric] if v is not None], dtype=float) for name in names]
        positions = np.arange(1, len(names) + 1)
        ax.boxplot([s if len(s) else [np.nan] for s in series], positions=positions, widths=0.5, showfliers=False)
        for position, points in zip(positions, series, strict=True):
            ax.plot(position + 0.3 + np.linspace(-0.1, 0.1, len(points)), points, "o", color="black", markersize=3,
                    alpha=0.6)
        ax.set_xticks(positions, names, rotation=45, ha="right", fontsize=8)
        ax.set_title(metric, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    for ax in axes[len(metrics):]:
        ax.set_visible(False)
    return _png(figure)


def curves(kind: str, predictions: Mapping[str, tuple[np.ndarray, np.ndarray]], labels: Mapping[str, str]) -> bytes:
    """ROC (``kind='roc'``) or precision-recall (``'pr'``) curves of word-level predictions, one per entry.

    ``predictions``: entry -> (word labels, word probabilities); ``labels``: entry -> legend text.
    """
    figure = Figure(figsize=(6, 5))
    ax = figure.subplots()
    for name, (y, p) in predictions.items():
        if kind == "roc":
            x_values, y_values, _ = roc_curve(y, p)
        else:
            y_values, x_values, _ = precision_recall_curve(y, p)
        ax.plot(x_values, y_values, linewidth=1.2, label=labels[name])
    if kind == "roc":
        ax.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1)
        ax.set(xlabel="false positive rate", ylabel="true positive rate", title="ROC (words)")
    else:
        ax.set(xlabel="recall", ylabel="precision", title="Precision-recall (words)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return _png(figure)


def reliability_diagram(diagrams: Mapping[str, Mapping[str, Any]], labels: Mapping[str, str]) -> bytes:
    """Observed frequency against mean probability per bin (:func:`halluseq.stats.reliability`), one line per
    entry, with the bins' word counts below."""
    figure = Figure(figsize=(6, 6.5))
    top, bottom = figure.subplots(2, 1, height_ratios=[3, 1], sharex=True)
    top.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1, label="perfect calibration")
    for offset, (name, data) in enumerate(diagrams.items()):
        filled = [i for i, count in enumerate(data["count"]) if count]
        top.plot([data["mean_prob"][i] for i in filled], [data["frequency"][i] for i in filled], "o-",
                 markersize=3, linewidth=1.2, label=labels[name])
        edges = np.array(data["edges"])
        width = np.diff(edges) / (len(diagrams) + 1)
        bottom.bar(edges[:-1] + width * (offset + 0.5), data["count"], width=width, align="edge")
    top.set(ylabel="observed frequency", title="Reliability (words)", xlim=(0, 1), ylim=(0, 1))
    top.legend(fontsize=8)
    top.grid(alpha=0.3)
    bottom.set(xlabel="predicted probability", ylabel="words")
    bottom.set_yscale("symlog")
    return _png(figure)


def slice_bars(values: Mapping[str, Mapping[str, tuple[float | None, float | None]]], title: str,
               ylabel: str) -> bytes:
    """Grouped bars: one group per slice (task, generator), one bar per entry; heights are means, error bars stds.

    ``values``: entry -> slice -> (mean, std).
    """
    names = list(values)
    slices = sorted({s for per_slice in values.values() for s in per_slice})
    figure = Figure(figsize=(max(6.0, 1.1 * len(slices) * max(1, len(names)) * 0.35 + 2), 4.5))
    ax = figure.subplots()
    width = 0.8 / max(1, len(names))
    for k, name in enumerate(names):
        means = [values[name].get(s, (None, None))[0] for s in slices]
        stds = [values[name].get(s, (None, None))[1] for s in slices]
        ax.bar(np.arange(len(slices)) + k * width, [np.nan if m is None else m for m in means], width=width,
               yerr=[0.0 if s is None else s for s in stds], capsize=2, label=name)
    ax.set_xticks(np.arange(len(slices)) + 0.4 - width / 2, slices, rotation=30, ha="right", fontsize=8)
    ax.set(title=title, ylabel=ylabel)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.grid(axis="y", alpha=0.3)
    return _png(figure)


def score_by_length(rows: Mapping[str, Mapping[str, Sequence[float | None]]], edges: Sequence[int]) -> bytes:
    """Two panels over answer-length bins: the mean response score, and the share flagged at the tuned threshold,
    of faithful (dashed) and hallucinated (solid) answers, one colour per entry.

    ``rows``: entry -> ``{"faithful_score", "hallucinated_score", "faithful_flagged", "hallucinated_flagged",
    "faithful_answers", "hallucinated_answers"}``, one value per bin (``None`` for an empty bin); ``edges``: the
    bins' lower word counts. Tick labels give the first entry's answer counts (faithful / hallucinated).
    """
    figure = Figure(figsize=(11, 4.2))
    axes = figure.subplots(1, 2)
    x = np.arange(len(edges))
    for k, (name, values) in enumerate(rows.items()):
        color = f"C{k % 10}"
        for ax, what in zip(axes, ("score", "flagged"), strict=True):
            for kind, style in (("hallucinated", "-"), ("faithful", "--")):
                series = [np.nan if v is None else v for v in values[f"{kind}_{what}"]]
                ax.plot(x, series, style, marker="o", color=color, label=f"{name}, {kind}")
    first = next(iter(rows.values()))
    labels = [f">={e}\n({f}/{h})" for e, f, h in zip(edges, first["faithful_answers"], first["hallucinated_answers"],
                                                      strict=True)]
    for ax, title in zip(axes, ("mean response score", "share flagged at the tuned threshold"), strict=True):
        ax.set_xticks(x, labels, fontsize=7)
        ax.set(title=title, xlabel="answer length in words (faithful / hallucinated answers)", ylim=(0, 1))
        ax.grid(alpha=0.3)
    axes[1].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _png(figure)
