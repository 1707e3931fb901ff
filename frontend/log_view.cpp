#include "frontend/log_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "engine/english.h"
#include "engine/observation.h"
#include "frontend/match_types.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

// ------------------------------------------------------------------------------------------
// Dice

namespace {

constexpr float kPi = 3.14159265f;

// Pip positions on a unit face (-1..1), per value.
void pip_layout(int v, ImVec2* out, int* n) {
  const float a = 0.5f;
  *n = 0;
  auto add = [&](float x, float y) { out[(*n)++] = ImVec2(x, y); };
  if (v == 1 || v == 3 || v == 5) add(0, 0);
  if (v >= 2) {
    add(-a, -a);
    add(a, a);
  }
  if (v >= 4) {
    add(a, -a);
    add(-a, a);
  }
  if (v == 6) {
    add(-a, 0);
    add(a, 0);
  }
}

// A die showing `value`; with no value (no roll yet) a faded blank face, a die waiting to be
// rolled, with no mark that could read as a button (draw_dice tilts it, as a die lies).
void die(ImDrawList* dl, ImVec2 c, float size, float angle, int value, ImU32 body, ImU32 pip) {
  const bool blank = value < 1 || value > 6;
  if (blank) body = (body & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 150);
  const float h = size * 0.5f, r = size * 0.18f;
  const float ca = std::cos(angle), sa = std::sin(angle);
  auto xf = [&](float x, float y) { return ImVec2(c.x + x * ca - y * sa, c.y + x * sa + y * ca); };
  // Rounded square outline, rotated.
  ImVec2 pts[4 * 7];
  int n = 0;
  const float cx[4] = {h - r, -h + r, -h + r, h - r};
  const float cy[4] = {h - r, h - r, -h + r, -h + r};
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 7; ++i) {
      const float t = (static_cast<float>(k) + static_cast<float>(i) / 6.0f) * kPi * 0.5f;
      pts[n++] = xf(cx[k] + r * std::cos(t), cy[k] + r * std::sin(t));
    }
  }
  // Shadow.
  ImVec2 sh[4 * 7];
  for (int i = 0; i < n; ++i) sh[i] = ImVec2(pts[i].x + size * 0.05f, pts[i].y + size * 0.07f);
  dl->AddConvexPolyFilled(sh, n, IM_COL32(0, 0, 0, blank ? 40 : 90));
  dl->AddConvexPolyFilled(pts, n, body);
  dl->AddPolyline(pts, n, shade(body, 0.6f), ImDrawFlags_Closed, std::max(1.0f, size * 0.035f));
  if (blank) return;
  ImVec2 pp[6];
  int np = 0;
  pip_layout(value, pp, &np);
  for (int i = 0; i < np; ++i) {
    dl->AddCircleFilled(xf(pp[i].x * h, pp[i].y * h), size * 0.09f, pip, 12);
  }
}

uint32_t hash32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

}  // namespace

void draw_dice(ImDrawList* dl, ImVec2 p, float s, int d1, int d2, float t) {
  const ImU32 ivory = IM_COL32(250, 244, 228, 255), red = IM_COL32(205, 48, 42, 255);
  const ImU32 dark = IM_COL32(40, 34, 30, 255), white = IM_COL32(255, 250, 240, 255);
  const float gap = s * 0.3f;
  for (int k = 0; k < 2; ++k) {
    int v = k == 0 ? d1 : d2;
    float angle = 0, lift = 0;
    if (t < 1.0f && v > 0) {
      // Tumbling: a new face every ~8% of the animation, spinning and bouncing, settling.
      const int step = static_cast<int>(t * 12.0f);
      if (t < 0.85f)
        v = 1 + static_cast<int>(hash32(static_cast<uint32_t>(step * 7 + k * 131 + 17)) % 6);
      const float rem = 1.0f - t;
      angle = (k ? -1.0f : 1.0f) * rem * rem * 9.0f;
      lift = std::fabs(std::sin(t * kPi * 3.0f)) * rem * s * 0.35f;
    }
    if (v == 0) angle = k ? -0.22f : 0.3f;  // no roll yet: two dice lying askew
    const ImVec2 c(p.x + s * 0.5f + static_cast<float>(k) * (s + gap), p.y + s * 0.5f - lift);
    die(dl, c, s, angle, v, k == 0 ? ivory : red, k == 0 ? dark : white);
  }
}

// ------------------------------------------------------------------------------------------
// A line's pieces, word-wrapped: names bold in their colour after a disc (the full label with
// the role as their tooltip), cards as resource icons each after its count.

namespace {

void draw_line(const std::vector<LogPiece>& line, float wrap_width, const std::string (&full)[4]) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  const float fs = ImGui::GetFontSize();
  ImFont* regular = ImGui::GetFont();
  ImFont* bold = fonts().bold ? fonts().bold : regular;
  const float space = ImGui::CalcTextSize(" ").x;
  const float icon = std::round(lh * 0.95f);
  const float disc_r = std::max(3.0f, lh * 0.3f);
  const ImU32 text_col = theme().text;
  float x = 0, y = 0, max_x = 0;
  // Starts a new row when `w` more does not fit (never at the start of a row).
  auto fit = [&](float w) {
    if (x > 0 && x + w > wrap_width) x = 0, y += lh;
  };
  auto at = [&](float dx, float dy) { return ImVec2(origin.x + x + dx, origin.y + y + dy); };
  const bool window_hovered = ImGui::IsWindowHovered();
  for (const LogPiece& p : line) {
    switch (p.kind) {
      case LogPiece::Text: {
        size_t i = 0;
        const std::string& t = p.text;
        while (i < t.size()) {
          if (t[i] == ' ') {
            x += space;
            ++i;
            continue;
          }
          size_t j = t.find(' ', i);
          if (j == std::string::npos) j = t.size();
          const float w = regular->CalcTextSizeA(fs, FLT_MAX, 0, t.data() + i, t.data() + j).x;
          fit(w);
          dl->AddText(regular, fs, at(0, 0), text_col, t.data() + i, t.data() + j);
          x += w;
          max_x = std::max(max_x, x);
          i = j;
        }
        break;
      }
      case LogPiece::Name: {
        const float w = bold->CalcTextSizeA(fs, FLT_MAX, 0, p.text.c_str()).x;
        const float lead = disc_r * 2 + 3;
        fit(lead + w);
        const ImVec2 c = at(disc_r + 0.5f, lh * 0.5f + 0.5f);
        dl->AddCircleFilled(c, disc_r, player_color(p.seat), 16);
        dl->AddCircle(c, disc_r, player_color_dark(p.seat), 16, 1.5f);
        // A dark shadow keeps every colour legible on the panel (White included).
        dl->AddText(bold, fs, at(lead + 1, 1), IM_COL32(0, 0, 0, 160), p.text.c_str());
        dl->AddText(bold, fs, at(lead, 0), player_color(p.seat), p.text.c_str());
        const std::string& label = full[p.seat];
        if (window_hovered && label != without_role(label) &&
            ImGui::IsMouseHoveringRect(at(0, 0), at(lead + w, lh)))
          ImGui::SetTooltip("%s", label.c_str());
        x += lead + w;
        max_x = std::max(max_x, x);
        break;
      }
      case LogPiece::Cards: {
        bool any = false;
        for (int r = 0; r < kNumResources; ++r) {
          if (!p.cards[r]) continue;
          char n[8];
          std::snprintf(n, sizeof n, "%d", p.cards[r]);
          const float nw = bold->CalcTextSizeA(fs, FLT_MAX, 0, n).x;
          const float gap = any ? space * 0.8f : 0.0f;
          fit(gap + nw + 2 + icon);
          if (x > 0) x += gap;
          dl->AddText(bold, fs, at(0, 0), text_col, n);
          const ImVec2 ip = at(nw + 2, (lh - icon) * 0.5f);
          draw_resource_icon(dl, ip, icon, static_cast<Resource>(r));
          if (window_hovered && ImGui::IsMouseHoveringRect(ip, ImVec2(ip.x + icon, ip.y + icon)))
            ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(r)));
          x += nw + 2 + icon;
          max_x = std::max(max_x, x);
          any = true;
        }
        if (!any) {
          const float w = regular->CalcTextSizeA(fs, FLT_MAX, 0, "nothing").x;
          fit(w);
          dl->AddText(regular, fs, at(0, 0), text_col, "nothing");
          x += w;
          max_x = std::max(max_x, x);
        }
        break;
      }
      case LogPiece::Icon: {
        fit(icon);
        const ImVec2 ip = at(0, (lh - icon) * 0.5f);
        draw_resource_icon(dl, ip, icon, static_cast<Resource>(p.resource));
        if (window_hovered && ImGui::IsMouseHoveringRect(ip, ImVec2(ip.x + icon, ip.y + icon)))
          ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(p.resource)));
        x += icon;
        max_x = std::max(max_x, x);
        break;
      }
    }
  }
  ImGui::Dummy(ImVec2(std::max(1.0f, std::min(max_x, wrap_width)), y + lh));
}

}  // namespace

// ------------------------------------------------------------------------------------------
// LogView

void LogView::reset() {
  raw_.clear();
  entries_.clear();
  dropped_ = 0;
  toasts_.clear();
  viewer_ = -2;
  fog_ = false;
  d1_ = d2_ = 0;
  roll_start_ = -1;
  roll_t_ = 1.0f;
  scroll_to_bottom_ = true;
}

LogView::Entry LogView::make_entry(const Event& e, const std::string (&names)[4], int turn) const {
  Entry en;
  en.e = e;
  en.turn = turn;
  std::string shown[4];
  for (int i = 0; i < 4; ++i) shown[i] = without_role(names[i]);
  en.line = log_line(e, shown);
  return en;
}

void LogView::push_toast(const ToastSpec& t) {
  std::erase_if(toasts_, [&](const Toast& x) {
    return x.spec.text == t.text || (t.kind == ToastKind::Seven && x.spec.kind == ToastKind::Seven);
  });
  toasts_.push_back({t, now_});
  if (toasts_.size() > 4) toasts_.erase(toasts_.begin());
}

std::vector<std::string> LogView::lines() const {
  std::vector<std::string> out;
  for (const Entry& en : entries_) out.push_back(log_text(en.line));
  return out;
}

void LogView::add_entries(const MatchView& s, size_t i, const Event& r,
                          const std::string (&names)[4], int turn) {
  const std::vector<match::TimeoutMove>& moves = s.timeout_moves();
  const auto m =
      std::lower_bound(moves.begin(), moves.end(), i,
                       [](const match::TimeoutMove& x, size_t k) { return x.first_event < k; });
  if (m != moves.end() && m->first_event == i) {
    Entry en;
    en.e = r;
    en.turn = turn;
    en.timeout = true;
    std::string shown[4];
    for (int k = 0; k < 4; ++k) shown[k] = without_role(names[k]);
    en.line = timeout_line(m->action, m->seat, shown);
    entries_.push_back(std::move(en));
    // A placement, a robber move or a trade answer says no more than the time-out's line.
    const EventType t = r.type;
    if (t == EventType::SettlementBuilt || t == EventType::RoadBuilt ||
        t == EventType::RobberMoved || t == EventType::TradeAnswered ||
        t == EventType::TradeCancelled)
      return;
  }
  entries_.push_back(make_entry(r, names, turn));
}

std::vector<ToastSpec> LogView::toasts() const {
  std::vector<ToastSpec> out;
  for (const Toast& x : toasts_) out.push_back(x.spec);
  return out;
}

void LogView::update(const MatchView& s, double now_s) {
  now_ = now_s;
  if (!s.active()) return;
  // The log as the viewer may see it: a hand-over or the reveal redacts it anew.
  const EventLog& ev = s.visible_events();
  const int viewer = s.viewer();
  // While the island is hidden starting cards read as counts; the reveal turns them over.
  const bool fog = island_hidden(s.view());
  const bool same_view = viewer == viewer_ && fog == fog_;
  const bool restarted = ev.size() < raw_.size() || !(s.config().seeds == seeds_) ||
                         (same_view && !raw_.empty() && !ev.empty() && !(ev[0] == raw_[0]));
  if (restarted) {
    reset();
    seeds_ = s.config().seeds;
  }
  std::string names[4];
  seat_labels(s, names);
  std::string short_names[4];  // notices name the seat; its role is in the players panel
  for (int i = 0; i < 4; ++i) full_names_[i] = names[i], short_names[i] = without_role(names[i]);
  if (viewer != viewer_ || fog != fog_) {
    // Hot-seat hand-over, a new game or the reveal: the lines again, as the viewer sees them.
    entries_.clear();
    std::copy(ev.begin(), ev.begin() + static_cast<std::ptrdiff_t>(raw_.size()), raw_.begin());
    dropped_ = raw_.size() > kMaxEntries ? raw_.size() - kMaxEntries : 0;
    int turn = 0;
    for (size_t i = 0; i < raw_.size(); ++i) {
      const Event& e = raw_[i];
      if (i >= dropped_) add_entries(s, i, e, names, turn);
      if (e.type == EventType::TurnEnded) ++turn;
    }
    viewer_ = viewer;
    fog_ = fog;
    scroll_to_bottom_ = true;
  }
  // First look at a game already under way (loaded, or the view created late): no noise.
  const bool quiet = raw_.empty() && ev.size() > 12;
  int turn = entries_.empty() ? 0 : entries_.back().turn;
  if (!raw_.empty() && raw_.back().type == EventType::TurnEnded) ++turn;
  // Lines that would be trimmed at once are not written out at all.
  const size_t first_kept = ev.size() > kMaxEntries ? ev.size() - kMaxEntries : 0;
  // More new events than the log keeps: every line already written is older than the kept ones.
  if (first_kept > raw_.size()) {
    entries_.clear();
    dropped_ = raw_.size();
  }
  for (size_t i = raw_.size(); i < ev.size(); ++i) {
    const Event& e = ev[i];
    raw_.push_back(e);
    const Event& r = e;
    if (i >= first_kept)
      add_entries(s, i, r, names, turn);
    else
      ++dropped_;
    if (e.type == EventType::TurnEnded) ++turn;
    if (e.type == EventType::DiceRolled) {
      d1_ = r.arg;
      d2_ = r.arg2;
      roll_start_ = quiet ? -1 : now_s;
    }
    new_entries_ = true;
    if (quiet) continue;
    if (auto t = toast_for(r, viewer, short_names)) push_toast(*t);
    if (sounds) {
      const bool next_human = e.type == EventType::TurnEnded && e.other >= 0 && s.is_human(e.other);
      auto sfx = sound_for(r, viewer, next_human);
      // A human's own rolls, builds and cards already sounded on the click (app.cpp).
      const bool own_click =
          sfx && e.seat >= 0 && s.is_human(e.seat) &&
          (*sfx == audio::Sfx::Dice || *sfx == audio::Sfx::Build || *sfx == audio::Sfx::Card);
      if (sfx && !own_click) audio::play(*sfx);
    }
  }
  if (entries_.size() > kMaxEntries + 256) {
    const size_t extra = entries_.size() - kMaxEntries;
    entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(extra));
    dropped_ += extra;
  }
  if (d1_ == 0 && s.view().last_dice[0] > 0) {
    d1_ = s.view().last_dice[0];
    d2_ = s.view().last_dice[1];
  }
  const float speed = settings().anim_speed;
  if (roll_start_ < 0 || speed <= 0.0f) {
    roll_t_ = 1.0f;
  } else {
    roll_t_ = std::min(1.0f, static_cast<float>((now_s - roll_start_) * speed / 0.9));
  }
}

void LogView::draw_dice(ImDrawList* dl, ImVec2 p, float die_size) const {
  ::catan::ui::draw_dice(dl, p, die_size, d1_, d2_, roll_t_);
}

void LogView::draw_log(const MatchView& s, float height) {
  const Theme& t = theme();
  ImGui::PushID("log_view");
  // Filter bar: chips 44 points high on a touch screen; a chip that does not fit the line
  // starts the next one.
  const bool touch = touch_ui();
  const ImVec2 pad(ImGui::GetStyle().FramePadding.x,
                   touch ? std::max(0.0f, (44 * ui_scale() - ImGui::GetFontSize()) * 0.5f) : 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, pad);
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float gap = 4 * ui_scale();
  for (int i = 0; i < static_cast<int>(LogFilter::Count); ++i) {
    const LogFilter f = static_cast<LogFilter>(i);
    const char* name = log_filter_name(f);
    const float w =
        std::max(touch ? 44 * ui_scale() : 0.0f, ImGui::CalcTextSize(name).x + 2 * pad.x);
    if (i) {
      ImGui::SameLine(0, gap);
      if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    }
    const bool sel = filter == f;
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(
                                               sel ? t.accent : with_alpha(t.panel_header, 0.9f)));
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(sel ? t.text_dark : t.text));
    char id[32];
    std::snprintf(id, sizeof id, "log_filter_%d", i);
    if (button(id, name, ImVec2(w, 0))) {
      filter = f;
      scroll_to_bottom_ = true;
    }
    ImGui::PopStyleColor(2);
  }
  ImGui::PopStyleVar();
  ImGui::PushStyleColor(ImGuiCol_ChildBg,
                        ImGui::ColorConvertU32ToFloat4(with_alpha(t.panel_bg, 0.6f)));
  ImGui::BeginChild("##log_lines", ImVec2(0, height), false,
                    ImGuiWindowFlags_AlwaysVerticalScrollbar);
  const bool at_bottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 4.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float wrap = ImGui::GetContentRegionAvail().x - 12;
  const float lh = ImGui::GetTextLineHeight();
  int shown = 0;
  std::string names[4];
  bool have_names = false;
  if (dropped_ > 0) {
    ImGui::TextDisabled("%zu earlier lines are not shown.", dropped_);
  }
  for (Entry& en : entries_) {
    if (!event_matches(en.e, filter, viewer_)) continue;
    ++shown;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    if (en.e.type == EventType::TurnEnded && !en.timeout) {
      if (filter != LogFilter::All) continue;
      // A divider naming whose turn starts.
      if (!have_names) {
        seat_labels(s, names);
        have_names = true;
      }
      const std::string label = en.e.other >= 0 ? without_role(names[en.e.other]) +
                                                      (en.e.other == viewer_ ? " (your turn)" : "")
                                                : "";
      const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
      const float y = p.y + lh * 0.5f + 2;
      const float mid = p.x + wrap * 0.5f;
      // The seat's disc before the name (outlined: White reads as a player, not as text).
      const float r = std::max(3.0f, lh * 0.3f);
      const float lx = mid - (ts.x + 2 * r + 4) * 0.5f;
      dl->AddLine(ImVec2(p.x, y), ImVec2(lx - 6, y), t.panel_border, 1.0f);
      dl->AddLine(ImVec2(lx + ts.x + 2 * r + 10, y), ImVec2(p.x + wrap, y), t.panel_border, 1.0f);
      if (en.e.other >= 0) {
        dl->AddCircleFilled(ImVec2(lx + r, y), r, player_color(en.e.other), 16);
        dl->AddCircle(ImVec2(lx + r, y), r, player_color_dark(en.e.other), 16, 1.5f);
      }
      dl->AddText(ImVec2(lx + 2 * r + 4, p.y + 2), player_color(en.e.other), label.c_str());
      ImGui::Dummy(ImVec2(wrap, lh + 4));
      continue;
    }
    // Cheap path for rows out of view: reuse the height measured last time.
    if (en.wrap_w == wrap && !ImGui::IsRectVisible(ImVec2(wrap, en.height))) {
      ImGui::Dummy(ImVec2(wrap, en.height - ImGui::GetStyle().ItemSpacing.y));
      continue;
    }
    const float indent = 8;
    float text_x = indent;
    if (en.e.type == EventType::DiceRolled && en.e.arg > 0 && !en.timeout) {
      ::catan::ui::draw_dice(dl, ImVec2(p.x + indent, p.y + 1), lh - 2, en.e.arg, en.e.arg2, 1.0f);
      text_x += (lh - 2) * 2.3f + 6;
    }
    ImGui::SetCursorScreenPos(ImVec2(p.x + text_x, p.y));
    draw_line(en.line, wrap - text_x, full_names_);
    const float bottom = ImGui::GetItemRectMax().y;
    dl->AddRectFilled(ImVec2(p.x, p.y + 1), ImVec2(p.x + 3, bottom - 1),
                      en.e.seat >= 0 ? player_color(en.e.seat) : t.text_dim, 1.5f);
    en.wrap_w = wrap;
    en.height = bottom - p.y + ImGui::GetStyle().ItemSpacing.y;
  }
  if (shown == 0) ImGui::TextDisabled("Nothing here yet.");
  // Follow new lines only when the reader is at the bottom (not while reading back).
  if (scroll_to_bottom_ || (new_entries_ && at_bottom)) ImGui::SetScrollHereY(1.0f);
  scroll_to_bottom_ = false;
  new_entries_ = false;
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopID();
}

void LogView::draw_toasts(ImVec2 top_center, float max_width) {
  const Theme& t = theme();
  const double life = 3.8;
  toasts_.erase(std::remove_if(toasts_.begin(), toasts_.end(),
                               [&](const Toast& x) { return now_ - x.born > life; }),
                toasts_.end());
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  ImFont* font = ImGui::GetFont();
  // A narrow board (a phone) gets the newest notices only, smaller and wrapped.
  const bool narrow = max_width < 560.0f * ui_scale();
  const float fs = ImGui::GetFontSize() * (narrow ? 1.0f : 1.25f);
  const float wrap = std::max(80.0f, max_width - 44);
  const size_t first = narrow && toasts_.size() > 2 ? toasts_.size() - 2 : 0;
  float y = top_center.y;
  for (size_t i = first; i < toasts_.size(); ++i) {
    const Toast& x = toasts_[i];
    const float age = static_cast<float>(now_ - x.born);
    const float in = std::min(1.0f, age / 0.18f);
    const float out = std::min(1.0f, static_cast<float>(life - age) / 0.5f);
    const float a = std::clamp(std::min(in, out), 0.0f, 1.0f);
    const ImVec2 ts = font->CalcTextSizeA(fs, FLT_MAX, wrap, x.spec.text.c_str());
    const float w = ts.x + 44, h = ts.y + 16;
    const float slide = (1.0f - in) * -12.0f;
    const ImVec2 p(top_center.x - w * 0.5f, y + slide);
    // The notice's edge colour by kind: Seven, Robbed, Award, Win, Trade, Info.
    static constexpr ImU32 Theme::*kEdge[] = {&Theme::bad,    &Theme::warning,
                                              &Theme::accent, &Theme::accent,
                                              &Theme::good,   &Theme::panel_border};
    const ImU32 edge = t.*kEdge[static_cast<size_t>(x.spec.kind)];
    dl->AddRectFilled(ImVec2(p.x + 2, p.y + 4), ImVec2(p.x + w + 2, p.y + h + 4),
                      IM_COL32(0, 0, 0, static_cast<int>(90 * a)), 10.0f);
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), with_alpha(t.panel_bg, 0.96f * a), 10.0f);
    dl->AddRect(p, ImVec2(p.x + w, p.y + h), with_alpha(edge, a), 10.0f, 0, 2.0f);
    const ImU32 dot = x.spec.seat >= 0 ? player_color(x.spec.seat) : edge;
    dl->AddCircleFilled(ImVec2(p.x + 18, p.y + h * 0.5f), 7.0f, with_alpha(dot, a), 16);
    dl->AddText(font, fs, ImVec2(p.x + 32, p.y + 8), with_alpha(t.text, a), x.spec.text.c_str(),
                nullptr, wrap);
    y += h + 8;
  }
}

}  // namespace catan::ui
