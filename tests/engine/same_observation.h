// One seat's Observation compared field by field, for tests that send it across a boundary
// (the search's job bytes, the wire's views) and read it back.
#pragma once
#include <gtest/gtest.h>

#include "engine/observation.h"

namespace catan::testing_support {

inline void expect_same_observation(const Observation& got, const Observation& want) {
  EXPECT_EQ(got.seat, want.seat);
  EXPECT_TRUE(got.view == want.view) << "the observation differs";
  EXPECT_EQ(got.hand_size, want.hand_size);
  EXPECT_EQ(got.dev_hand_size, want.dev_hand_size);
  EXPECT_EQ(got.unknown_dev_cards, want.unknown_dev_cards);
}

}  // namespace catan::testing_support
