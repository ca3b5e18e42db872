// The tuner's tables (its runs' steps, individuals, validations, results and the network loop's
// steps) as numbered, forward-only migrations of their own, on the database's one connection.
// Their version is the row of tuner_schema. The first seven were once migrations of the
// harness's list; a database that an older harness made has some of their tables and no
// tuner_schema, and is recognised by which tables it has.
#pragma once

#include "core/result.h"
#include "storage/connection.h"

namespace tuner {

// The tuner tables' version this tuner writes (the number of migrations).
int tuner_schema_target();
// The SQL of migration `version` (0 <= version < tuner_schema_target()).
const char* tuner_migration(int version);
// The harness schema version whose migration ran it before the tuner had its own list (-1: none).
int tuner_migration_harness_schema(int version);
// Brings the tuner's tables to tuner_schema_target() in one transaction; errors name the file.
chess::Result<bool> migrate_tuner_tables(harness::Connection& c);

}  // namespace tuner
