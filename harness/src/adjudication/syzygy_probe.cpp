#include "adjudication/syzygy_probe.h"

#include <dlfcn.h>
#include <tbprobe.h>  // the result encoding only: every call goes through the pointers below

namespace harness::syzygy {

namespace {

using InitFn = bool (*)(const char*);
using WdlFn = unsigned (*)(std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t,
                           std::uint64_t, std::uint64_t, unsigned, bool);
using RootFn = unsigned (*)(std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t,
                            std::uint64_t, std::uint64_t, unsigned, unsigned, bool, unsigned*);

struct Fathom {
  void* handle = nullptr;
  InitFn init = nullptr;
  WdlFn wdl = nullptr;
  RootFn root = nullptr;
  const unsigned* largest = nullptr;
  std::string path;  // the tables tb_init was given, "" before
};
Fathom fathom;

}  // namespace

chess::Result<int> open(const std::string& path) {
  if (!fathom.handle) {
    void* h = dlopen("libfathom.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h) return chess::Error{std::string("cannot load Fathom (libfathom1) for Syzygy tables: ") + dlerror()};
    const Fathom found{h,
                       reinterpret_cast<InitFn>(dlsym(h, "tb_init")),
                       reinterpret_cast<WdlFn>(dlsym(h, "tb_probe_wdl_impl")),
                       reinterpret_cast<RootFn>(dlsym(h, "tb_probe_root_impl")),
                       static_cast<const unsigned*>(dlsym(h, "TB_LARGEST")),
                       {}};
    if (!found.init || !found.wdl || !found.root || !found.largest) {
      dlclose(h);
      return chess::Error{"Fathom (libfathom.so.1) lacks the functions this program calls"};
    }
    fathom = found;
  }
  if (fathom.path != path) {
    fathom.path.clear();  // tb_init lets go of the tables open before, whether it succeeds or not
    if (!fathom.init(path.c_str())) return chess::Error{"Fathom could not open the Syzygy tables"};
    fathom.path = path;
  }
  if (*fathom.largest == 0) return chess::Error{"Fathom could not open the Syzygy tables"};
  return int(*fathom.largest);
}

int probe_wdl(const chess::Position& pos) {
  using namespace chess;
  if (!fathom.wdl) return -1;
  const unsigned ep = pos.has_legal_en_passant() ? unsigned(pos.ep_square()) : 0;
  const bool turn = pos.side_to_move() == WHITE;
  const std::uint64_t w = pos.pieces(WHITE), b = pos.pieces(BLACK), k = pos.pieces(KING), q = pos.pieces(QUEEN),
                      r = pos.pieces(ROOK), bi = pos.pieces(BISHOP), n = pos.pieces(KNIGHT), p = pos.pieces(PAWN);
  // WDL tables hold results right after a capture or pawn move; later the root probe weighs the
  // distance to the next one against the fifty-move count.
  if (pos.rule50() == 0) {
    const unsigned wdl = fathom.wdl(w, b, k, q, r, bi, n, p, ep, turn);
    return wdl == TB_RESULT_FAILED ? -1 : int(wdl);
  }
  const unsigned root = fathom.root(w, b, k, q, r, bi, n, p, unsigned(pos.rule50()), ep, turn, nullptr);
  return root == TB_RESULT_FAILED ? -1 : int(TB_GET_WDL(root));
}

}  // namespace harness::syzygy
