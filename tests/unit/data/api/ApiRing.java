// tests/unit/data/api/ApiRing.java - a ring buffer for the reachability query's ring rule.
public class ApiRing {
    public Object[] items;
    public int head, count;
    public Object other;
}
