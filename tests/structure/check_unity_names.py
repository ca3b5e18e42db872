#!/usr/bin/env python3
"""A unity build compiles up to 16 sources as one: a file-local name (in an anonymous namespace
or static) that two of them define, or that one defines and a header's anonymous namespace also
defines, then collides, or worse, resolves a call to the other file's function when its overload
fits better. This check fails on any such name, naming the batch and both files.
  check_unity_names.py BUILD_DIR    (the batches are BUILD_DIR's Unity/unity_*_cxx.cxx files)
It fails on a build directory whose CMakeCache.txt does not set CMAKE_UNITY_BUILD on: such a
build compiles nothing together, so it would pass without checking anything (the scripts'
builds are unity builds, scripts/lib/build_settings.sh), and on a unity build without batches."""
import glob
import json
import os
import re
import subprocess
import sys


# GoogleTest's macros, which ctags reads as functions.
GTEST_MACROS = {"TEST", "TEST_F", "TEST_P", "TYPED_TEST", "INSTANTIATE_TEST_SUITE_P"}


def file_local_names(path):
    """Names defined at file scope in an anonymous namespace, or static, in one file."""
    out = subprocess.run(["ctags", "--output-format=json", "--fields=+sZE", "--c++-kinds=-p", "-o", "-", path],
                         capture_output=True, text=True, check=True).stdout
    names = set()
    for line in out.splitlines():
        tag = json.loads(line)
        if tag.get("_type") != "tag" or tag.get("kind") == "namespace" or tag["name"] in GTEST_MACROS:
            continue
        scope = tag.get("scope", "")
        in_anonymous = tag.get("scopeKind") == "namespace" and scope.split("::")[-1].startswith("__anon")
        static_at_file_scope = not scope and "fileScope" in tag.get("extras", "")
        if in_anonymous or static_at_file_scope:
            names.add(tag["name"])
    return names


def unity_build_setting(build):
    """CMAKE_UNITY_BUILD as BUILD_DIR's CMakeCache.txt sets it; None without the file or the entry."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as cache:
            for line in cache:
                match = re.match(r"CMAKE_UNITY_BUILD(?::[A-Za-z]+)?=(.*)$", line.strip())
                if match:
                    return match.group(1).strip()
    except FileNotFoundError:
        return None
    return None


def main():
    build = sys.argv[1]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    setting = unity_build_setting(build)
    if setting is None or setting.upper() not in ("ON", "1", "YES", "TRUE", "Y"):
        found = "no CMakeCache.txt" if not os.path.exists(os.path.join(build, "CMakeCache.txt")) else \
            f"CMAKE_UNITY_BUILD={setting}" if setting is not None else "no CMAKE_UNITY_BUILD"
        print(f"{build}: not a unity build ({found}): nothing is compiled together, so no name is checked; "
              "configure with -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 as scripts/ci/build.sh does")
        return 1
    batches = sorted(glob.glob(os.path.join(build, "**", "Unity", "unity_*_cxx.cxx"), recursive=True))
    if not batches:
        print(f"{build}: CMAKE_UNITY_BUILD is {setting} but no Unity/unity_*_cxx.cxx batch is there: is it configured?")
        return 1
    header_names = {}
    for header in glob.glob(os.path.join(root, "**", "*.h"), recursive=True):
        rel = os.path.relpath(header, root)
        if rel.split(os.sep)[0].startswith("build") or "node_modules" in rel.split(os.sep):
            continue  # build folders' generated headers and the page's npm packages are not ours
        for name in file_local_names(header):
            header_names.setdefault(name, os.path.relpath(header, root))
    problems = []
    for batch in batches:
        sources = re.findall(r'#include "([^"]+)"', open(batch).read())
        seen = {}
        for source in sources:
            rel = os.path.relpath(source, root)
            for name in sorted(file_local_names(source)):
                if name in seen:
                    problems.append(f"{os.path.relpath(batch, build)}: '{name}' is file-local in {seen[name]} and in {rel}")
                elif name in header_names:
                    problems.append(f"{os.path.relpath(batch, build)}: '{name}' is file-local in {rel} and in the header {header_names[name]}")
                seen.setdefault(name, rel)
    for p in problems:
        print(p)
    print(f"{len(batches)} unity batches, {len(problems)} shared file-local names")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
