"""Answers in Chinese and Japanese, which are written without spaces between words: a wrong year, height, city or
name beside a right answer, on contexts of our own (a tower, a company, a mountain, two researchers).

    .venv/bin/python benchmarks/unspaced_scripts.py [--model default] [--label NAME]

Written as a user trying the detector on Chinese and Japanese answers (session 56), before any change: every answer
was read as one word per phrase ("埃菲尔铁塔于1889年建成。" one word), which no context word matched, so the right
answers were flagged as whole as the wrong ones (0.47 each for the tower). Per answer the score, the verdict at the
detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/unspaced_scripts_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

TOWER = "埃菲尔铁塔高330米，于1889年在巴黎建成。"
COMPANY = "华为公司成立于1987年，总部位于深圳。2023年，公司营收为7042亿元。"
RESEARCHERS = "李明是北京大学的教授，王芳是清华大学的研究员。"
MOUNTAIN = "富士山の高さは3776メートルで、日本で最も高い山です。最後の噴火は1707年でした。"
# (context, answer, hallucinated)
CASES = [
    (TOWER, "埃菲尔铁塔于1889年建成。", False),
    (TOWER, "埃菲尔铁塔于1925年建成。", True),
    (TOWER, "埃菲尔铁塔高330米。", False),
    (TOWER, "埃菲尔铁塔高300米。", True),
    (TOWER, "埃菲尔铁塔位于伦敦。", True),
    (COMPANY, "华为成立于1987年。", False),
    (COMPANY, "华为成立于1997年。", True),
    (COMPANY, "华为的总部位于深圳。", False),
    (COMPANY, "华为的总部位于上海。", True),
    (RESEARCHERS, "李明是北京大学的教授。", False),
    (RESEARCHERS, "王芳是北京大学的教授。", True),
    (MOUNTAIN, "富士山の高さは3776メートルです。", False),
    (MOUNTAIN, "富士山の高さは3500メートルです。", True),
    (MOUNTAIN, "富士山の最後の噴火は1707年でした。", False),
    (MOUNTAIN, "富士山の最後の噴火は1907年でした。", True),
]

if __name__ == "__main__":
    cases_main("unspaced_scripts", __doc__, CASES)
