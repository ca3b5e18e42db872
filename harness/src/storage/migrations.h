// The database's schema as numbered, forward-only migrations: migration v takes a database at
// schema version v to v + 1. Never edit a migration once released; add one.
#pragma once

namespace harness {

// The schema version this harness writes (the number of migrations).
int schema_target();
// The SQL of migration `version` (0 <= version < schema_target()).
const char* migration(int version);

// The schema versions that added what a shard merge copies when the shard has it.
inline constexpr int END_KIND_SCHEMA = 8;       // games.end_kind
inline constexpr int PACKED_MOVES_SCHEMA = 11;  // games.packed (a datagen game's moves)
inline constexpr int MOVE_NOTES_SCHEMA = 12;    // the move_notes table

}  // namespace harness
