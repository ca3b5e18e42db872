// Output files checked before anything is written: one that is a SQLite database (the results
// database above all: `-o` given the database's name once replaced it with the export) or one
// of the run's inputs is refused, and one that cannot be written is named at once rather than
// after the run (`--pgn /no/such/dir/x.pgn` played every game and wrote nothing, silently).
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// The one writer of every file a user names with -o, --out or a book to write. A regular file
// (or one not there yet) is written to "PATH.part" beside it and renamed over it only when
// every byte is written, flushed and fsynced: a full disk, a file-size limit or an error leaves
// the earlier file as it was, and no fragment. A symbolic link keeps its link (its target is
// replaced); a device or a FIFO is written in place, never replaced. Errors name the file.
class OutputFile {
 public:
  // check_output_file's refusals first; then the file (or its temporary) opened.
  static chess::Result<std::unique_ptr<OutputFile>> open(const std::string& option, const std::string& path,
                                                         const std::vector<std::string>& inputs = {});
  ~OutputFile();  // not committed: the temporary is removed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream() { return stream_; }
  // Flushed, checked, fsynced and renamed into place: "PATH: cannot write (No space left on device)".
  chess::Result<bool> commit();
  // A writer's own error, or the file's when a write failed under it: a writer that reports
  // "the output could not be written" is named by the file and the cause instead.
  chess::Error failed(const std::string& writer_error) const;

 private:
  // A file buffer that keeps the errno of its first failed write (a stream keeps only "bad").
  class CheckedBuffer : public std::filebuf {
   public:
    int error = 0;

   protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;
  };

  OutputFile(std::string path, std::string target, std::string part)
      : path_(std::move(path)), target_(std::move(target)), part_(std::move(part)) {}
  void discard();  // the temporary removed, the earlier file left as it was
  std::string path_;    // as the user gave it
  std::string target_;  // the file replaced: the path, or the end of its symbolic links
  std::string part_;    // the temporary beside the target; empty when written in place
  CheckedBuffer buffer_;
  std::ostream stream_{&buffer_};
  bool committed_ = false;
};

// "OPTION PATH: why" when `path` may not be written; else true, leaving the file as it was (one
// that did not exist is made to try, and removed). `inputs` are the files the command reads; one
// that is the same file as `path`, or would be, is refused.
chess::Result<bool> check_output_file(const std::string& option, const std::string& path,
                                      const std::vector<std::string>& inputs = {});

}  // namespace harness
