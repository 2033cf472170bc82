"""The offline LLM (Gemma 3 270M, GGUF Q4_K_M) as a planner: which backend runs it, and how it plans.

Part 1, backends: llama.cpp (``llama-cpp-python``, ``vqdb.models.gguf_chat.GgufChat``, the baseline) against
transformers' GGUF loading (``AutoModelForCausalLM.from_pretrained(dir, gguf_file=...)``, which needs
``gguf`` and ``accelerate``). Each runs in its own process on the same planning prompt: load seconds,
prompt tokens, seconds to read the prompt, new tokens per second after it (greedy, ``--tokens``, no
stop), peak resident memory, and the ratio of each to llama.cpp's. The load average is printed: on a
shared machine every wall time stretches with it.

Part 2, planners: the rule planner against the LLM planner (``vqdb.planner.llm.llm_plan`` on the gguf
backend) on the same questions: the issue's phrasings (``tests/planner/test_rules_words.py``) and a
sample of CG-Bench mini questions with their options (``--cgbench N``, when ../shared/data is present).
Columns: plans valid at the first reply, repaired, fallen back to the rules; questions quoting a phrase
whose plan looks for it as text (``quote as text``); whose text calls use the tools the phrasing test
expects (``routed as expected``, phrasings only); seconds per plan.

    .venv/bin/python benchmarks/llm_planner.py
    .venv/bin/python benchmarks/llm_planner.py --skip-transformers --cgbench 40
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "annotations" / "cgbench" / "cgbench_mini.json"
BENCH_QUESTION = "In the video, when the announcer says 'touchdown', what number is on the scoreboard?"


def _prompt_messages() -> list[dict]:
    from vqdb.planner.llm import build_messages

    return build_messages(BENCH_QUESTION, ["7", "14", "21"], duration_s=600, sample_fps=1)


def _run_llama_cpp(tokens: int, out: multiprocessing.Queue) -> None:
    start = time.perf_counter()
    from vqdb.models.gguf_chat import GgufChat, gemma_prompt

    chat = GgufChat()
    loaded = time.perf_counter() - start
    prompt = chat.model.tokenize(gemma_prompt(_prompt_messages()).encode(), add_bos=True, special=True)
    start = time.perf_counter()
    chat.model.eval(prompt)
    prefill = time.perf_counter() - start
    start, n = time.perf_counter(), 0
    for _ in chat.model.generate(prompt, temp=0.0, repeat_penalty=1.0):  # reuses the evaluated prompt
        n += 1
        if n >= tokens:
            break
    out.put(_row("llama.cpp (llama-cpp-python)", loaded, len(prompt), prefill, n, time.perf_counter() - start))


def _run_transformers(tokens: int, out: multiprocessing.Queue) -> None:
    start = time.perf_counter()
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from vqdb.models.bundles import gemma_gguf
    from vqdb.models.gguf_chat import gemma_prompt

    path = gemma_gguf()
    tokenizer = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
    model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name).eval()
    loaded = time.perf_counter() - start
    inputs = tokenizer(gemma_prompt(_prompt_messages()), return_tensors="pt")
    with torch.inference_mode():
        start = time.perf_counter()
        model(**inputs)
        prefill = time.perf_counter() - start
        start = time.perf_counter()
        generated = model.generate(**inputs, max_new_tokens=tokens, min_new_tokens=tokens, do_sample=False)
    n = generated.shape[1] - inputs["input_ids"].shape[1]
    seconds = time.perf_counter() - start - prefill  # generate prefills again: count only its new tokens
    out.put(_row("transformers GGUF (float32)", loaded, inputs["input_ids"].shape[1], prefill, n, seconds))


def _row(name: str, loaded: float, prompt: int, prefill: float, generated: int, seconds: float) -> dict:
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"backend": name, "load_s": loaded, "prompt": prompt, "prefill_s": prefill, "tok": generated,
            "tok_s": generated / seconds, "peak_mb": peak_mb}  # fmt: skip


def _isolated(target, tokens: int) -> dict:
    """Run one backend in a fresh process (its own peak memory); a failure is reported, not raised."""
    queue: multiprocessing.Queue = multiprocessing.get_context("spawn").Queue()
    process = multiprocessing.get_context("spawn").Process(target=target, args=(tokens, queue))
    process.start()
    process.join()
    if process.exitcode != 0 or queue.empty():
        return {"backend": target.__name__, "error": f"exit code {process.exitcode}"}
    return queue.get()


def backends(tokens: int, skip_transformers: bool) -> None:
    rows = [_isolated(_run_llama_cpp, tokens)]
    if not skip_transformers:
        rows.append(_isolated(_run_transformers, tokens))
    base = rows[0]
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nBackends: Gemma 3 270M Q4_K_M, the planning prompt, then {tokens} greedy tokens; ratios: x llama.cpp "
          f"(load average {load} on {os.cpu_count()} cores)")  # fmt: skip
    keys = ("load_s", "prefill_s", "tok_s", "peak_mb")
    print(f"{'backend':30} {'load s':>7} {'prompt':>6} {'prefill s':>9} {'new tok/s':>9} {'peak MB':>7} "
          f"{'load x':>7} {'prefill x':>9} {'tok/s x':>8} {'MB x':>5}")  # fmt: skip
    for row in rows:
        if "error" in row:
            print(f"{row['backend']:30} failed: {row['error']}")
            continue
        ratios = [row[k] / base[k] if "error" not in base else float("nan") for k in keys]
        print(f"{row['backend']:30} {row['load_s']:7.1f} {row['prompt']:6d} {row['prefill_s']:9.2f} "
              f"{row['tok_s']:9.2f} {row['peak_mb']:7.0f} {ratios[0]:7.1f} {ratios[1]:9.1f} {ratios[2]:8.3f} "
              f"{ratios[3]:5.1f}")  # fmt: skip


def questions(cgbench: int) -> list[tuple[str, list[str] | None, list[tuple[str, str]] | None]]:
    """(question, options, expected text calls or None) for the planner comparison."""
    sys.path.insert(0, str(ROOT / "tests" / "planner"))
    from test_rules_words import PHRASINGS, expect

    chosen = [(q, None, expect(*groups)) for q, groups in PHRASINGS]
    if cgbench and SHARED.is_file():
        data = json.loads(SHARED.read_text())
        quoted = [x for x in data if '"' in x["question"]]
        rng = random.Random(0)
        sample = rng.sample(quoted, cgbench // 2) + rng.sample(data, cgbench - cgbench // 2)
        chosen += [(x["question"], x["choices"], None) for x in sample]
    return chosen


def planners(cgbench: int) -> None:
    from vqdb.models.gguf_chat import GgufChat
    from vqdb.planner.llm import llm_plan
    from vqdb.planner.rules import rule_plan

    chat = GgufChat()
    asked = questions(cgbench)
    print(f"\nPlanners on {len(asked)} questions ({len(asked) - cgbench} phrasings, {cgbench} CG-Bench mini)")
    print(f"{'planner':8} {'valid 1st':>9} {'repaired':>9} {'fallback':>9} {'quote as text':>14} "
          f"{'routed as expected':>19} {'s/plan':>7}")  # fmt: skip
    for name in ("rules", "llm"):
        valid = repaired = fallback = quoted = as_text = expected = routed = 0
        start = time.perf_counter()
        for question, options, want in asked:
            plan = rule_plan(question, options) if name == "rules" else llm_plan(question, options, llm=chat)
            notes = " ".join(plan.notes)
            fallback += "LLM planner failed" in notes
            repaired += "plan repaired" in notes
            valid += not plan.notes
            text = [(c.tool, c.query) for c in plan.queries if c.tool not in ("siglip", "region")]
            if any(q in question for q in ("'", '"', "“", "«", "„", "「")):
                quoted += 1
                as_text += bool(text)
            if want is not None:
                expected += 1
                routed += sorted(text) == sorted(want)
        seconds = (time.perf_counter() - start) / len(asked)
        print(f"{name:8} {valid:9d} {repaired:9d} {fallback:9d} {as_text:>8d} / {quoted:<3d} "
              f"{routed:>12d} / {expected:<4d} {seconds:7.2f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=32, help="new tokens per backend run (default 32)")
    parser.add_argument("--cgbench", type=int, default=20, help="CG-Bench questions in part 2 (default 20)")
    parser.add_argument("--skip-transformers", action="store_true", help="part 1 with llama.cpp only")
    parser.add_argument("--skip-backends", action="store_true", help="part 2 only")
    args = parser.parse_args()
    if not args.skip_backends:
        backends(args.tokens, args.skip_transformers)
    planners(args.cgbench)


if __name__ == "__main__":
    main()
