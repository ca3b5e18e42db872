# Turns configs/weights/default.json into a header with the text as a raw string literal.
file(READ "${INPUT}" CONTENT)
file(WRITE "${OUTPUT}" "// Generated from configs/weights/default.json at build time.\n#pragma once\ninline constexpr const char* DEFAULT_WEIGHTS_JSON = R\"json(${CONTENT})json\";\n")
