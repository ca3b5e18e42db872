// SHA-256 checksums (Nettle's) of the files a network is made from and of the files it is saved
// as, for its manifest and its lineage: lower-case hexadecimal, as sha256sum prints them.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"

namespace tuner {

std::string sha256_hex(std::string_view bytes);
// The checksum of a file read in blocks; the error names the file.
chess::Result<std::string> sha256_file(const std::string& path);

}  // namespace tuner
