# Turns a weights file (configs/weights/NAME.json) into a header holding its text as a raw
# string literal named VARIABLE.
file(READ "${INPUT}" CONTENT)
get_filename_component(NAME "${INPUT}" NAME)
file(WRITE "${OUTPUT}" "// Generated from configs/weights/${NAME} at build time.\n#pragma once\ninline constexpr const char* ${VARIABLE} = R\"json(${CONTENT})json\";\n")
