"""Hand-written claims on short contexts of their own (no dataset holds them): which does a detector flag?

    .venv/bin/python benchmarks/hand_claims.py [--model full] [--label NAME]

Fifteen answers a new user might try: a year, a name or a place swapped for another of the same context (the
intrinsic errors a one-line claim makes: "Cobain was born in Aaron Burckhard."), the same claims stated correctly,
a faithful summary that inflects and derives the context's words ("Asian shares" for "Shares in Asia"), and an
antonym. Writes ``benchmarks/results/hand_claims_<label>.json``: per answer the score, the verdict at the
detector's threshold and the flagged spans; the counts right and wrong. Fifteen answers rank nothing: this is a
readable check of what a change does to such claims, not an evaluation.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from compare_detectors import committed_file

from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parent.parent
COBAIN = ("Kurt Cobain was an American musician. Born in Aberdeen, Washington, Cobain formed the band Nirvana with "
          "Krist Novoselic and Aaron Burckhard in 1987. Nirvana's second album, Nevermind, was released in 1991.")
CURIE = ("Marie Curie was a Polish and naturalised-French physicist and chemist. She won the Nobel Prize in Physics in "
         "1903 and the Nobel Prize in Chemistry in 1911. She was born in Warsaw and died in 1934 in Passy, France.")
EIFFEL = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
NEWS = ("Shares in Asia fell sharply on Monday after the company cut its profit forecast. The chief executive, "
        "Anna Berg, said demand in Europe had weakened and that prices would rise next year. The firm employs "
        "4,000 people in Sweden.")
# (context, answer, hallucinated)
CASES = [
    (EIFFEL, "The Eiffel Tower, finished in 1925, is 330 metres tall.", True),
    (EIFFEL, "The Eiffel Tower, finished in 1889, is 330 metres tall.", False),
    (COBAIN, "Cobain was born in Aaron Burckhard.", True),
    (COBAIN, "Cobain was born in Aberdeen.", False),
    (COBAIN, "Krist Novoselic was born in Aberdeen, Washington.", True),
    (COBAIN, "Nevermind was released in 1987.", True),
    (COBAIN, "Nevermind was released in 1991.", False),
    (CURIE, "Marie Curie won the Nobel Prize in Chemistry in 1903.", True),
    (CURIE, "Marie Curie won the Nobel Prize in Chemistry in 1911.", False),
    (CURIE, "Curie was born in Passy.", True),
    (CURIE, "Curie was born in Warsaw and died in France.", False),
    (NEWS, "Asian shares fell after the firm lowered its profit forecast; its CEO blamed weaker European demand.",
     False),
    (NEWS, "Asian shares fell after the firm raised its profit forecast.", True),
    (NEWS, "The company employs 4,000 people in Sweden, and its chief executive is Anna Berg.", False),
    (NEWS, "The company employs 40,000 people in Norway.", True),
]


def load_detector(model: str) -> Detector:
    """A bundled detector's name, a detector folder, or ``REV:FOLDER``: the folder as committed at a git revision
    (``b1ae97c:halluseq/pretrained/default``), read with the working tree's code."""
    if committed_file(model, "config.json") is None:
        return Detector.from_pretrained(model)
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("config.json", "model.safetensors"):
            (Path(tmp) / name).write_bytes(committed_file(model, name))
        return Detector.from_pretrained(tmp)


def score_cases(model: str, cases: list[tuple[str, str, bool]]) -> dict:
    """Each ``(context, answer, hallucinated)`` or ``(context, answer, hallucinated, question)`` case scored by one
    detector (printed too), and the counts right and wrong."""
    detector = load_detector(model)
    questions = [case[3] if len(case) > 3 else None for case in cases]
    results = detector.predict_batch([{"context": case[0], "answer": case[1], "question": question}
                                      for case, question in zip(cases, questions, strict=True)])
    answers = [{**({"question": question} if question else {}), "answer": case[1], "hallucinated": case[2],
                "score": round(result.score, 3), "flagged": result.hallucinated,
                "spans": [case[1][s.start:s.end] for s in result.spans]}
               for case, question, result in zip(cases, questions, results, strict=True)]
    for a in answers:
        print(f"{'BAD ' if a['hallucinated'] else 'good'} {'flagged' if a['flagged'] else '       '} {a['score']:.3f} "
              f"{a['answer'][:80]!r} {a['spans']}")
    counts = {"hallucinated_flagged": sum(a["flagged"] for a in answers if a["hallucinated"]),
              "hallucinated": sum(a["hallucinated"] for a in answers),
              "correct_flagged": sum(a["flagged"] for a in answers if not a["hallucinated"]),
              "correct": sum(not a["hallucinated"] for a in answers)}
    print(counts)
    return {"threshold": detector.threshold, **counts, "answers": answers}


def cases_main(name: str, doc: str | None, cases: list) -> None:
    """The command line of a hand-written case benchmark: score ``cases`` with ``--model`` and write
    ``benchmarks/results/<name>_<label>.json``."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    args = parser.parse_args()
    label = args.label or Path(args.model.rpartition(":")[2]).name
    report = {"command": f"python benchmarks/{name}.py --model {args.model} --label {label}",
              "model": label, **score_cases(args.model, cases)}
    out = ROOT / "benchmarks" / "results" / f"{name}_{label}.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


def main() -> None:
    cases_main("hand_claims", __doc__, CASES)


if __name__ == "__main__":
    main()
