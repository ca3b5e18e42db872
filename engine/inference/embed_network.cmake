# Turns a quantised network file (INPUT) into a header holding its bytes as an array named
# VARIABLE and its path from ROOT (the repository) as VARIABLE_PATH, so the engine needs no file at run time. The bytes are in the
# generated source itself, so a compiler cache that hashes the source sees a new network.
file(READ "${INPUT}" HEX HEX)
string(LENGTH "${HEX}" DIGITS)
math(EXPR BYTES "${DIGITS} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," ARRAY "${HEX}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n" ARRAY "${ARRAY}")
file(RELATIVE_PATH NAME "${ROOT}" "${INPUT}")
file(WRITE "${OUTPUT}" "// Generated from ${NAME} at build time.\n#pragma once\n"
     "inline constexpr unsigned char ${VARIABLE}[${BYTES}] = {\n${ARRAY}};\n"
     "inline constexpr const char* ${VARIABLE}_PATH = \"${NAME}\";\n")
