#!/usr/bin/env bash
# Fails when README.md, CONTRIBUTING.md or a chapter of docs/ names, in backticks, a path of the
# repository that does not exist. A path is a word of an inline code span that starts with one of
# the repository's top-level folders (lib/, engine/, harness/, tuner/, tests/, scripts/, docs/, ...; a
# `key=value` word is read after its `=`), or a top-level file's name (README.md, layers.cmake,
# or any NAME.md in capitals). Written as a reader would expand it:
#   - `a/*.sh`, a glob: at least one file matches;
#   - `a/b.{h,cpp}`: each of a/b.h and a/b.cpp exists;
#   - `a/NAME_test.cpp`, `a/<name>.json`: a word in capitals (but not a NAME.md) or in <angle
#     brackets> is a placeholder, so when no file has the literal name, at least one matches with
#     it as *;
#   - `a/b.h:12:` (a line), `a/b.md#part` (a section), trailing punctuation: left out.
# Paths under results/ and build/ are what runs write, and are not checked; nor are fenced code
# blocks. It also fails when it finds fewer than MIN_PATHS paths (100 for the project's tree), so
# a reading that finds nothing cannot pass.
#   check_doc_paths.sh [ROOT [MIN_PATHS]]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
floor="${2:-100}"
python3 - "$root" "$floor" <<'EOF'
import glob
import os
import re
import sys

root, floor = sys.argv[1], int(sys.argv[2])
FOLDERS = {"lib", "engine", "harness", "tuner", "tests", "scripts", "docs", "configs", "suites", "benchmarks", "web", "fuzz",
           "measurements"}
RUNTIME = {"results", "build"}  # written by runs and builds
entries = [e for e in os.listdir(root) if not e.startswith(".")]
folders = (FOLDERS | {e for e in entries if os.path.isdir(os.path.join(root, e))}) - RUNTIME
top_files = {e for e in entries if os.path.isfile(os.path.join(root, e))}
path_start = re.compile(r"(%s)/" % "|".join(sorted(map(re.escape, folders | RUNTIME))))
# <name>, or a word in capitals (not a NAME.md, which is a file's own name, as README.md is).
PLACEHOLDER = re.compile(r"<[^<>/]+>|(?<![A-Za-z0-9])[A-Z][A-Z0-9_]*(?![a-z0-9]|\.md$)")


def is_path(word):
    first = word.split("/")[0]
    if path_start.match(word):
        return first not in RUNTIME
    return "/" not in word and (word in top_files or re.fullmatch(r"[A-Z][A-Z0-9_-]*\.md", word) is not None)


def expansions(word):
    """The paths `a/b.{h,cpp}` stands for (every brace group expanded)."""
    match = re.search(r"\{([^{}]*,[^{}]*)\}", word)
    if not match:
        return [word]
    return [p for alt in match.group(1).split(",") for p in expansions(word[:match.start()] + alt + word[match.end():])]


def exists(path):
    full = os.path.join(root, path)
    if os.path.exists(full):
        return True
    if any(c in path for c in "*?["):
        return bool(glob.glob(full))
    pattern = PLACEHOLDER.sub("*", path)
    return "/" in path and pattern != path and bool(glob.glob(os.path.join(root, pattern)))


def clean(word):
    word = word.strip("\"'([{,;")
    word = re.sub(r"[#].*$", "", word)                  # a section of a page
    word = re.sub(r"(:[0-9]+)+:?$", "", word)           # file:line:
    return word.rstrip(".,;:)]\"'")


def words(text):
    """(line, word) for each word of each inline code span, fenced blocks left out."""
    lines = text.split("\n")
    fence = None
    for i, line in enumerate(lines):
        m = re.match(r"\s*(```|~~~)", line)
        if fence is None and m:
            fence, lines[i] = m.group(1), ""
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            lines[i] = ""
    text = "\n".join(lines)
    for span in re.finditer(r"(`+)(.+?)\1", text, re.S):
        line = text.count("\n", 0, span.start()) + 1
        for word in span.group(2).split():
            for part in word.split("="):
                yield line, clean(part)


docs = [os.path.join(root, f) for f in ("README.md", "CONTRIBUTING.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
checked, dead = 0, []
for doc in docs:
    if not os.path.exists(doc):
        continue
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    for line, word in words(text):
        if not word or not is_path(word):
            continue
        checked += 1
        message = f"{os.path.relpath(doc, root)}:{line}: `{word}` names nothing in the tree"
        if any(not exists(p) for p in expansions(word)) and message not in dead:
            dead.append(message)
for d in dead:
    print(d)
if checked < floor:
    print(f"{checked} paths found in README.md, CONTRIBUTING.md and docs/*.md, fewer than {floor}: is the reading broken?")
    sys.exit(1)
if dead:
    print(f"{len(dead)} of the {checked} paths the docs name do not exist")
    sys.exit(1)
print(f"every one of the {checked} paths the docs name exists")
EOF
