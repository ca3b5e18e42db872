// Stockfish's .binpack (nnue-pytorch data_loader/cpp/lib/binpack.h, chess.h): chunks of "BINP",
// their size (32 bits, little-endian) and chains. A chain is a game's run of scored positions:
// its first position a 32-byte entry, then the count of further plies (16 bits) and their moves
// and scores (binpack_movetext.h). An entry, big-endian: occupancy, a 4-bit piece per occupied
// square in square order (the first in the low nibble; 2 x type + colour, pawn 0 .. king 10,
// 12 a pawn that can be taken en passant, 13 and 14 a white or black rook on its corner with its
// castling right, 15 the black king with Black to move), the move (kind 15-14: 0 normal,
// 1 promotion, 2 castling as the king taking its rook, 3 en passant; from 13-8, to 7-2, promotion
// 1-0), the score, the game's ply with the result in its top two bits, and the halfmove clock;
// signed values zigzag-coded, score and result from the side to move's view. Castling rights of
// Chess960 (a rook off a1, h1, a8, h8, or a king off e1, e8) cannot be stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "core/result.h"
#include "formats/binpack_movetext.h"
#include "formats/position_io.h"
#include "formats/training_record.h"

namespace formats {

inline constexpr std::size_t BINPACK_CHUNK_HEADER = 8;
inline constexpr std::size_t BINPACK_MAX_CHUNK = std::size_t(100) << 20;  // nnue-pytorch's bound
inline constexpr std::uint16_t BINPACK_MAX_PLIES = 0xFFFF;               // a chain's count of further plies
// Writers close a chunk at the first chain that takes it past this (nnue-pytorch's writers do).
inline constexpr std::size_t BINPACK_CHUNK_TARGET = std::size_t(1) << 20;

// Whether an entry can hold the position's castling rights.
bool binpack_can_hold(const chess::Position& pos);
Record32 encode_binpack_entry(const chess::Position& pos, chess::Move move, int score_white, WhiteResult result);
// "BINP" and the chunk's size.
std::array<char, BINPACK_CHUNK_HEADER> encode_binpack_chunk_header(std::uint32_t size);
// Writes `chunk` (whole chains) to `out` behind its header, then empties it; nothing when empty.
void write_binpack_chunk(std::ostream& out, std::string& chunk);

// The size of the chains of the chunk whose header (BINPACK_CHUNK_HEADER bytes) is at `bytes`;
// errors start with `source`: "SOURCE: a chunk does not start with BINP: not a binpack".
chess::Result<std::size_t> decode_binpack_chunk_header(const std::uint8_t* bytes, const std::string& source);
// One chain at `bytes` with `room` bytes left in its chunk, each position handed to `take`: the
// bytes it took. Errors start with `where` (the file and the chain): "WHERE: ...", "WHERE, ply
// K after it: ...". A chain's bytes hold all it needs: it can be moved to another chunk whole.
chess::Result<std::size_t> decode_binpack_chain(const std::uint8_t* bytes, std::size_t room, const std::string& where,
                                                const PositionVisit& take);

// One chunk from `bytes` (`size` of them available), each position handed to `take`: the bytes
// it took, or 0 when the chunk goes on past `size`. `chains` counts the chains read; errors
// start with `source` (the file) and name the chain: "SOURCE: chain N, ply K after it: ...".
chess::Result<std::size_t> decode_binpack_chunk(const std::uint8_t* bytes, std::size_t size, const std::string& source,
                                                const PositionVisit& take, std::size_t& chains);

// A file of chunks, each position handed to `take`: the positions read; errors name the chain
// ("PATH: chain 3, ply 5 after it: ...").
chess::Result<std::size_t> read_binpack(std::istream& in, const std::string& source, const PositionVisit& take);
// Chunks of chains as nnue-pytorch's writer makes them: a game's scored moves are a chain, its
// first position an entry, then the count of further plies and their moves and scores. A move
// without a score, or a position whose castling rights binpack cannot hold (Chess960's), ends a
// chain; the next scored move starts another. A chunk is closed at the first chain past 1 MiB
// (BINPACK_CHUNK_TARGET); a chain never spans two.
std::unique_ptr<PositionWriter> open_binpack_writer(std::ostream& out);

}  // namespace formats
