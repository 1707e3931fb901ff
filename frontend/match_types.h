// The match layer's types in the frontend's namespace: every view reads the Session (the
// match being played) and its MatchConfig.
#pragma once
#include "match/session.h"

namespace catan::ui {
using match::MatchConfig;
using match::SeatConfig;
using match::SeatKind;
using match::Session;
}  // namespace catan::ui
