// A king-bucket map read from a file, for `tuner data count --buckets`: 32 integers (files a-d of
// each rank from the king's own side, as a training configuration's 'buckets' holds them),
// separated by spaces, commas, semicolons or lines; square brackets are allowed, so that a
// configuration's list or the body of a bullet example's BUCKET_LAYOUT array can be pasted in. bullet-utils' count-buckets takes such a file too (64 numbers there, the
// whole board; here the map is mirrored, as the architectures' 768xKhm).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "nnue/architecture.h"

namespace tuner {

// The map `text` holds; errors name the entry, from 0 ("king-bucket map: entry 5 is 'x', not a
// whole number"), or what parse_king_buckets finds wrong.
chess::Result<nnue::KingBucketMap> parse_king_bucket_text(std::string_view text);
// The map in the file at `path`; errors start with the path.
chess::Result<nnue::KingBucketMap> read_king_bucket_file(const std::string& path);

}  // namespace tuner
