#!/usr/bin/env python3
"""Re-runs the commands shown in the docs and pastes their real output.

Usage, from the repository root after building (cmake --build build):

    python3 docs/tools/refresh.py          rewrite the outputs that changed in docs/**/*.md
    python3 docs/tools/refresh.py --check  only report what differs; exit 1 if anything does

Markers (HTML comments, invisible once rendered) sit right above a fenced block:

    <!-- run: CMD -->                 the block becomes "$ CMD" and its output
    <!-- run+status: CMD -->          the same, then "$ echo $?" and the exit status
    <!-- play: IN1 | IN2 :: CMD -->   CMD reads IN1, IN2 ... as typed lines; each
                                      is shown after the "seat N> " prompt it answers
    <!-- pty: IN1 | IN2 :: CMD -->    CMD runs in a pseudo-terminal (TERM=dumb) and
                                      is typed IN1, IN2 ..., then Ctrl-D: prompts
                                      and echoed input appear as on a screen
    <!-- quote: PATH -->              the block must be a verbatim excerpt of PATH
                                      (never rewritten: a mismatch is reported)
    <!-- include: PATH -->            the block becomes the whole of PATH

Timings (games/s, seconds) differ from run to run, so both ignore numbers on
lines that carry a time or a speed, and on the rows of a table whose column
header does: a block whose only change is such a number is left as it was.
"""
import json
import os
import pty
import re
import select
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MARKER = re.compile(r"^<!-- (run|run\+status|play|pty|quote|include): ([^\n]*?) -->\n(```[a-z]*\n)(.*?)^```", re.S | re.M)
PROMPT = re.compile(r"seat \d+> ")
# (and the rows of bench's tables whose figures are times or ratios of times
# but say so only in the table's head: records' overhead, the jobs' speedup
# at most, the search's rows)
TIMED = re.compile(r"games/s|answers/s| s$|\d s,|\bus\b|ns|seconds|per_second|decisions/s|"
                   r"\(ms\)|MiB|millions/s|words a rack|turns/s|%\s+<= 10%$|idle cores|"
                   r"^\s+\w+, \d+ players\s+\d+\s+\d+\.\d+")


def execute(command, stdin_text):
    env = dict(os.environ, CARDLAB_PLAIN="1")
    proc = subprocess.run(["stdbuf", "-oL", "-eL", "bash", "-c", command], cwd=ROOT, env=env,
                          input=stdin_text, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    return proc.stdout, proc.returncode


def in_pty(command, lines):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.environ.update(TERM="dumb", CARDLAB_HISTORY="/dev/null")
        os.execvp("bash", ["bash", "-c", command])
    out = []

    def drain(first_wait):
        end = time.time() + first_wait
        while True:
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.time()))
            if not ready:
                return
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            out.append(data)
            end = time.time() + 0.5   # quiet for half a second: it waits for input

    drain(5)
    for line in lines:
        os.write(fd, (line + "\n").encode())
        drain(30)
    os.write(fd, b"\x04")
    drain(5)
    os.waitpid(pid, 0)
    text = b"".join(out).decode(errors="replace").replace("\r\n", "\n")
    return text.replace("^D\x08\x08", "").replace("^D", "")


def run_block(kind, spec):
    if kind == "pty":
        inputs, command = spec.split(" :: ", 1)
        lines = [x.strip() for x in inputs.split(" | ")] if inputs.strip() else []
        return "$ " + command + "\n" + in_pty(command, lines)
    if kind == "play":
        inputs, command = spec.split(" :: ", 1)
        lines = [x.strip() for x in inputs.split(" | ")] if inputs.strip() else []
        out, _ = execute(command, "".join(x + "\n" for x in lines))
        pieces, k = [], 0
        pos = 0
        for m in PROMPT.finditer(out):
            pieces.append(out[pos:m.end()])
            if k < len(lines):
                pieces.append(lines[k] + "\n")
            k += 1
            pos = m.end()
        pieces.append(out[pos:])
        out = "".join(pieces)
        # at end of input the program prints an empty line after the last prompt
        out = out.replace("\n\n\nend of input", "\n\nend of input")
        return "$ " + command + "\n" + out
    out, rc = execute(spec, "")
    text = "$ " + spec + "\n" + out
    if kind == "run+status":
        if not text.endswith("\n"):
            text += "\n"
        text += "$ echo $?\n%d\n" % rc
    return text


def untimed(text):
    lines = []
    timed_table = False   # the rows under a timed column header, up to a blank line
    for l in text.splitlines():
        if l.startswith("{"):
            try:   # JSON objects come with their keys in any order
                l = json.dumps(json.loads(l), sort_keys=True)
            except ValueError:
                pass
        if not l.strip():
            timed_table = False
        if TIMED.search(l) or timed_table:   # figures and the column widths they take vary
            if TIMED.search(l) and not re.search(r"\d", l):
                timed_table = True
            l = re.sub(r" +", " ", re.sub(r"\d+(\.\d+)?", "#", l))
        lines.append(l)
    return lines


def process(path, check):
    with open(path) as f:
        doc = f.read()
    problems = []

    def replace(m):
        kind, spec, fence, body = m.group(1), m.group(2), m.group(3), m.group(4)
        if kind == "include":
            with open(os.path.join(ROOT, spec)) as f:
                new = f.read()
            if new != body:
                problems.append("%s: %s changed since it was included" % (path, spec))
            return "<!-- %s: %s -->\n%s%s```" % (kind, spec, fence, new)
        if kind == "quote":
            with open(os.path.join(ROOT, spec)) as f:
                source = f.read()
            if body not in source:
                problems.append("%s: the excerpt of %s no longer matches it:\n%s" % (path, spec, body))
            return m.group(0)
        new = run_block(kind, spec)
        if not new.endswith("\n"):
            new += "\n"
        if untimed(new) == untimed(body):
            # only its timings moved: the block keeps the figures it was measured with
            return m.group(0)
        problems.append("%s: the output of '%s' changed" % (path, spec))
        return "<!-- %s: %s -->\n%s%s```" % (kind, spec, fence, new)

    markers = len(re.findall(r"<!-- (?:run|run\+status|play|pty|quote|include):", doc))
    if markers != len(MARKER.findall(doc)):
        return ["%s: a marker is not on a line of its own right above a fenced block" % path]
    updated = MARKER.sub(replace, doc)
    if not check and updated != doc:
        with open(path, "w") as f:
            f.write(updated)
    return problems


def main():
    args = sys.argv[1:]
    if args not in ([], ["--check"]):
        # anything else would otherwise rewrite every doc: say how to call it instead
        print("\n\n".join(__doc__.split("\n\n")[1:3]).rstrip(), file=sys.stderr)
        print("refresh.py: unknown arguments %s: expected none or --check" % " ".join(args),
              file=sys.stderr)
        return 2
    check = args == ["--check"]
    problems = []
    for base, _, files in os.walk(os.path.join(ROOT, "docs")):
        for name in sorted(files):
            if name.endswith(".md"):
                problems += process(os.path.join(base, name), check)
    for p in problems:
        print(p)
    return 1 if check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
