// How the match layer's readers refuse input: false, and an English sentence in *error.
#pragma once
#include <string>

namespace catan::match {

inline bool refuse(std::string* error, const std::string& why) {
  if (error) *error = why;
  return false;
}

}  // namespace catan::match
