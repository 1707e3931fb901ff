// HotSeat: several humans share one device. When the next human to act is not the one who has
// the device, the screen asks to pass it ("pass the device") until accept(); the seat shown
// meanwhile stays the last human's, so no hand is shown to the wrong person.
#pragma once

namespace catan::match {

class HotSeat {
 public:
  void reset() { *this = HotSeat(); }
  bool pending() const { return pending_; }
  int seat() const { return seat_; }  // the seat asked for, while pending
  // The last human who had the device (-1 before any).
  int last_human() const { return last_human_; }
  void set_last_human(int seat) { last_human_ = seat; }
  // Human `seat` must act now: with several humans at the device, asks for it unless that
  // human already has it.
  void human_to_act(int seat, bool several_humans) {
    if (!several_humans || seat == last_human_) return;
    pending_ = true;
    seat_ = seat;
  }
  // The player has the device. False when no hand-off was pending.
  bool accept() {
    if (!pending_) return false;
    pending_ = false;
    last_human_ = seat_;
    return true;
  }

 private:
  bool pending_ = false;
  int seat_ = -1;
  int last_human_ = -1;
};

}  // namespace catan::match
