# The layers of the harness and the tuner, lowest first, declared once.
# - harness/CMakeLists.txt builds one static library per harness tier from its folders, each
#   linked to the tier below it (a call from a lower tier into a higher one does not link);
# - tests/structure/check_layers.sh reads the same lists: a folder may include only the folders
#   before it (in its own tier or below), the libraries of lib/ and engine/ and itself, and the
#   tables of docs/01-architecture.md must list the folders in this order;
# - the tuner's folders are one library (tuner/CMakeLists.txt) above every harness tier but the
#   program, with an order of their own.
set(HARNESS_TIERS base model storage runs frontends)
set(HARNESS_TIER_base text settings process time_control engines builds)
set(HARNESS_TIER_model record pgn players openings adjudication stats game events)
set(HARNESS_TIER_storage storage)
set(HARNESS_TIER_runs run imports suites views datagen cluster launch bisect)
set(HARNESS_TIER_frontends frontends command_support)
set(HARNESS_PROGRAM commands)
set(TUNER_LAYERS storage data data_tools network_training space fitness methods driver loop commands)
