"""How much table entries that stand for many positions could save, and what a naive one gets
wrong: a measurement towards partition search (docs/benchmarks.md, "Engine research").

The core is built here (not shipped) with a second, "relaxed" table beside its own: at every lead
with three cards a hand or more (three seats, points games) its key is the table's key with the
holders of the bottom ``R`` plain cards of each suit forgotten (each seat's count of them kept,
so every hand's suit lengths are as they were). Observing, it counts the leads where a relaxed
entry would decide the null window, whether that agrees with the exact search, and the nodes
below the outermost such leads that agree; with ``--use`` the relaxed entries decide (unsound),
and the script counts the nodes and the exact values that come out wrong. The positions are
``benchmarks/solve.py``'s (``benchmarks/core_time.py`` writes them), one table across them.

    python benchmarks/relaxed_keys.py --deals 400 --seed 1 --relax 0,2,3,8
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import core_time

ROOT = Path(__file__).resolve().parent.parent

SHADOW = r'''
typedef struct { tt_key k; int lo, hi; } sh_entry;
#define SH_BITS 20
static sh_entry *shadow;
unsigned long long sh_probes, sh_decide, sh_agree, sh_wrong, sh_saved;
static int sh_inside;
/* The bottom RELAX plain cards of each suit (squeezed places), their holders made canonical:
 * seat 0's first, then seat 1's, then seat 2's. */
static void relax_key(tt_key *k) {
    int off = 0;
    for (int suit = 0; suit < 4; suit++) {
        int cnt = (k->counts >> (4 * suit)) & 15, m = 0;
        while (m < RELAX && m < cnt && !((k->cls >> (off + m)) & 1) && !((k->cls >> (32 + off + m)) & 1)) m++;
        int c0 = 0, c1 = 0;
        for (int i = 0; i < m; i++) {
            c0 += (k->h[0] >> (off + i)) & 1;
            c1 += (k->h[1] >> (off + i)) & 1;
        }
        for (int i = 0; i < m; i++) {
            uint32_t bit = 1u << (off + i);
            k->h[0] &= ~bit;
            k->h[1] &= ~bit;
            if (i < c0) k->h[0] |= bit;
            else if (i < c0 + c1) k->h[1] |= bit;
        }
        off += cnt;
    }
}
static int ab_lead(mr_ctx *c, int target) {
    state *s = &c->s;
    if (c->n != 3 || c->p.goal != MR_GOAL_POINTS || popcount(s->hand[s->leader]) < 3) return ab_lead_real(c, target);
    if (!shadow) shadow = calloc((size_t)1 << SH_BITS, sizeof *shadow);
    tt_key k;
    memset(&k, 0, sizeof k); /* compared with memcmp: no stray padding */
    make_key(c, &k);
    relax_key(&k);
    sh_entry *e = &shadow[tt_index(c, &k) & ((1u << SH_BITS) - 1)];
    int found = memcmp(&e->k, &k, sizeof k) == 0;
    int decides = found && (e->lo >= target || e->hi < target), says = found && e->lo >= target;
#ifdef USE_SHADOW
    if (decides) {
        c->nodes++;
        return says ? e->lo : e->hi;
    }
#endif
    int outer = decides && !sh_inside;
    if (outer) sh_inside = 1;
    uint64_t before = c->nodes;
    state saved = *s;
    int v = ab_lead_real(c, target);
    *s = saved;
    sh_probes++;
    if (decides) {
        sh_decide++;
        if (says == (v >= target)) {
            sh_agree++;
            if (outer) sh_saved += c->nodes - before;
        } else {
            sh_wrong++;
        }
    }
    if (outer) sh_inside = 0;
    if (!found) {
        memset(e, 0, sizeof *e);
        e->k = k;
        e->lo = -BOUND_INF;
        e->hi = BOUND_INF;
    }
    if (v >= target) {
        if (v > e->lo) e->lo = v;
    } else if (v < e->hi) {
        e->hi = v;
    }
    return v;
}
'''

DRIVER = r'''
#include <stdio.h>
extern unsigned long long sh_probes, sh_decide, sh_agree, sh_wrong, sh_saved;
int core_main(int, char **);
int main(int argc, char **argv) {
    int r = core_main(argc, argv);
    printf("probes %llu decides %llu agrees %llu disagrees %llu saved %llu\n", sh_probes, sh_decide, sh_agree,
           sh_wrong, sh_saved);
    return r;
}
'''


def build(tmp: Path, relax: int, use: bool) -> Path:
    src = (ROOT / "cext" / "solver.c").read_text()
    real = "static int ab_lead(mr_ctx *c, int target) {\n"
    if src.count(real) != 1:
        raise SystemExit("relaxed_keys.py: ab_lead's definition not found in cext/solver.c")
    src = src.replace(real, "static int ab_lead_real(mr_ctx *c, int target) {\n")
    src = src.replace("static int ab_lead(mr_ctx *c, int target);",
                      "static int ab_lead(mr_ctx *c, int target);\nstatic int ab_lead_real(mr_ctx *c, int target);", 1)
    src += f"\n#define RELAX {relax}\n" + ("#define USE_SHADOW 1\n" if use else "") + SHADOW
    d = tmp / f"r{relax}{'u' if use else ''}"
    d.mkdir()
    (d / "solver.c").write_text(src)
    (d / "solver.h").write_text((ROOT / "cext" / "solver.h").read_text())
    driver = (ROOT / "benchmarks" / "core_time.c").read_text()
    driver = driver.replace("int main(int argc, char **argv) {", "int core_main(int argc, char **argv) {")
    driver = driver.replace("            nodes += mr_nodes(ctx);",
                            "            nodes += mr_nodes(ctx);\n            if (rep == 0) fprintf(stderr, \"%d\\n\", v);")
    (d / "ct.c").write_text(driver)
    (d / "drv.c").write_text(DRIVER)
    exe = d / "run"
    subprocess.run(["gcc", *core_time.FLAGS, "-I", str(d), str(d / "ct.c"), str(d / "drv.c"), str(d / "solver.c"),
                    "-o", str(exe)], check=True)
    return exe


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--questions", default="hra-value")
    ap.add_argument("--tt-log2", type=int, default=16)
    ap.add_argument("--relax", default="0,2,3,8", help="bottom plain cards a suit whose holders are forgotten")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        positions = tmp / "positions.txt"
        core_time.write_positions(positions, args.questions.split(","), args.deals, args.seed)

        def run(exe: Path) -> tuple[list[str], list[str]]:
            out = subprocess.run([str(exe), str(positions), str(args.tt_log2), "1"], check=True, capture_output=True,
                                 text=True)
            return out.stdout.split(), out.stderr.split()

        exact = None
        print(f"{args.questions}, {args.deals} deals, seed {args.seed}: leads with 3+ cards a hand")
        print(f"{'R':>2} {'probes':>9} {'relaxed decides':>16} {'disagrees':>10} {'nodes below agreeing':>21} "
              f"{'nodes, relaxed used':>20} {'values wrong':>13}")
        for relax in (int(x) for x in args.relax.split(",")):
            seen, values = run(build(tmp, relax, use=False))
            if exact is None:
                exact = values
            used, used_values = run(build(tmp, relax, use=True))
            wrong = sum(a != b for a, b in zip(exact, used_values))
            print(f"{relax:>2} {seen[9]:>9} {seen[11]:>16} {seen[15]:>10} {seen[17]:>21} {used[5]:>20} "
                  f"{wrong:>6} of {len(exact)}")
        print(f"exact search: nodes {seen[5]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
