// Result<T>: a value or an error message, for parsers that must not throw or crash.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace chess {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}
  Result(Error error) : data_(std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(data_); }
  T& value() & { return std::get<0>(data_); }
  // From a temporary, the value itself, so that `for (auto& x : f().value())` owns what it loops over.
  T value() && { return std::get<0>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  T operator*() && { return std::move(*this).value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(data_).message; }

 private:
  std::variant<T, Error> data_;
};

}  // namespace chess

// Returns the error of `result` (any Result, evaluated once) from the calling function, whose own
// Result may hold another type; the one way errors are passed up, in place of hand-written
// `if (!x) return Error{x.error()};` lines.
#define CHESS_RETURN_IF_ERROR(result)                                                                  \
  do {                                                                                                 \
    if (auto&& chess_result_ = (result); !chess_result_) return ::chess::Error{chess_result_.error()}; \
  } while (false)
