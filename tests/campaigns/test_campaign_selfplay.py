"""Self-play of the original campaign by the site's computer players."""

from games import engines
from games.my_city.management.commands.my_city_selfplay import play_campaign


def test_every_episode_of_the_original_campaign_ends_with_sensible_scores():
    """Two computer players play all 24 episodes, each board carried into the next:
    every episode ends, scores stay within a sensible range, circles add up."""
    engine = engines.get("my-city")
    rows, circles = play_campaign(engine, 2, seed=7)
    assert [row[0] for row in rows] == list(range(1, 25))
    for _episode, decisions, scores, won in rows:
        assert decisions > 0
        assert all(-30 <= s <= 150 for s in scores)
        assert sum(won) >= 2
    assert sum(circles) == sum(sum(row[3]) for row in rows)
