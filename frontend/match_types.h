// The match layer's types in the frontend's namespace: every view reads the match being
// played through a MatchView (match/match_view.h: the viewer's observation, its redacted
// events, the seats, the clock) and its MatchConfig. App holds the local match (a Session).
#pragma once
#include "match/match_view.h"
#include "match/session.h"

namespace catan::ui {
using match::MatchConfig;
using match::MatchView;
using match::SeatConfig;
using match::SeatKind;
using match::Session;
}  // namespace catan::ui
