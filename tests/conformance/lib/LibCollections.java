// Library behaviour: lists, deques, queues and the Collections/List.of
// utilities - contents, toString, exception classes and messages,
// fail-fast iterators, subList views and PriorityQueue heap order.
import java.util.*;

public class LibCollections {
    interface Op { Object run(); }

    static void t(String label, Op op) {
        try {
            System.out.println(label + " -> " + op.run());
        } catch (RuntimeException e) {
            System.out.println(label + " !! " + e);
        }
    }

    public static void main(String[] args) {
        final ArrayList<Integer> al = new ArrayList<>();
        for (int i = 0; i < 10; i++) al.add(i * i);
        al.add(3, -1);
        al.remove(Integer.valueOf(16));
        al.remove(0);
        al.set(0, 100);
        al.addAll(2, Arrays.asList(7, 8));
        System.out.println(al + " " + al.size() + " " + al.indexOf(49) + " " + al.lastIndexOf(8) + " " + al.contains(-1));
        t("get", new Op() { public Object run() { return al.get(20); } });
        t("get neg", new Op() { public Object run() { return al.get(-1); } });
        t("add idx", new Op() { public Object run() { al.add(30, 1); return al; } });
        t("remove idx", new Op() { public Object run() { return al.remove(11); } });
        t("set idx", new Op() { public Object run() { return al.set(11, 5); } });
        t("new cap", new Op() { public Object run() { return new ArrayList<Integer>(-4); } });
        t("sublist", new Op() {
            public Object run() {
                List<Integer> sub = al.subList(2, 6);
                sub.set(0, 77);
                sub.remove(1);
                sub.add(1234);
                return sub + " " + al;
            }
        });
        t("sublist bad", new Op() { public Object run() { return al.subList(5, 3); } });
        t("sublist bad2", new Op() { public Object run() { return al.subList(0, 99); } });
        t("sublist cme", new Op() {
            public Object run() {
                List<Integer> sub = al.subList(0, 2);
                al.add(5);
                return sub.size();
            }
        });
        t("iterator remove", new Op() {
            public Object run() {
                Iterator<Integer> it = al.iterator();
                while (it.hasNext()) if (it.next() % 2 == 0) it.remove();
                return al;
            }
        });
        t("foreach remove second-to-last", new Op() {
            public Object run() {
                List<String> l = new ArrayList<>(Arrays.asList("a", "b", "c"));
                for (String s : l) if (s.equals("b")) l.remove(s);
                return l;
            }
        });
        t("foreach cme", new Op() {
            public Object run() {
                List<String> l = new ArrayList<>(Arrays.asList("a", "b", "c", "d"));
                for (String s : l) if (s.equals("a")) l.remove(s);
                return l;
            }
        });
        t("listIterator", new Op() {
            public Object run() {
                List<String> l = new ArrayList<>(Arrays.asList("a", "b", "c"));
                ListIterator<String> li = l.listIterator();
                li.next();
                li.add("x");
                li.next();
                li.set("B");
                StringBuilder back = new StringBuilder();
                while (li.hasPrevious()) back.append(li.previous()).append(li.nextIndex());
                return l + " " + back;
            }
        });
        t("iterator end", new Op() { public Object run() { Iterator<Integer> it = new ArrayList<Integer>().iterator(); return it.next(); } });
        t("removeIf/replaceAll/sort", new Op() {
            public Object run() {
                List<Integer> l = new ArrayList<>(Arrays.asList(5, 3, 8, 1, 9, 2));
                l.removeIf(new java.util.function.Predicate<Integer>() {
                    public boolean test(Integer x) { return x > 8; }
                });
                l.replaceAll(new java.util.function.UnaryOperator<Integer>() {
                    public Integer apply(Integer x) { return x * 10; }
                });
                l.sort(null);
                Object[] arr = l.toArray();
                Integer[] typed = l.toArray(new Integer[0]);
                Integer[] big = l.toArray(new Integer[8]);
                return l + " " + arr.length + " " + typed.getClass().getSimpleName() + " " + Arrays.toString(big)
                    + " " + l.equals(Arrays.asList(10, 20, 30, 50, 80)) + " " + l.hashCode();
            }
        });
        // LinkedList
        final LinkedList<String> ll = new LinkedList<>(Arrays.asList("b", "c"));
        ll.addFirst("a");
        ll.addLast("d");
        ll.add(2, "x");
        ll.push("top");
        System.out.println(ll + " " + ll.peekFirst() + " " + ll.peekLast() + " " + ll.pop() + " " + ll.pollLast() + " "
            + ll.removeFirstOccurrence("x") + " " + ll + " " + ll.get(1) + " " + ll.indexOf("c"));
        t("ll get", new Op() { public Object run() { return ll.get(7); } });
        t("ll add", new Op() { public Object run() { ll.add(9, "z"); return ll; } });
        t("ll empty", new Op() { public Object run() { return new LinkedList<String>().getFirst(); } });
        t("ll element", new Op() { public Object run() { return new LinkedList<String>().element(); } });
        t("ll poll", new Op() { public Object run() { return new LinkedList<String>().poll(); } });
        t("ll desc", new Op() {
            public Object run() {
                StringBuilder sb = new StringBuilder();
                for (Iterator<String> it = ll.descendingIterator(); it.hasNext(); ) sb.append(it.next());
                return sb;
            }
        });
        // ArrayDeque
        final ArrayDeque<Integer> dq = new ArrayDeque<>();
        for (int i = 0; i < 20; i++) {
            if (i % 3 == 0) dq.addFirst(i);
            else dq.addLast(i);
        }
        dq.pollFirst();
        dq.pollLast();
        dq.removeFirstOccurrence(4);
        System.out.println(dq + " " + dq.size() + " " + dq.peek() + " " + dq.peekLast() + " " + dq.contains(7));
        t("dq null", new Op() { public Object run() { dq.add(null); return dq; } });
        t("dq empty", new Op() { public Object run() { return new ArrayDeque<Integer>().removeLast(); } });
        t("dq pop", new Op() { public Object run() { return new ArrayDeque<Integer>().pop(); } });
        t("dq stack", new Op() {
            public Object run() {
                Deque<Character> st = new ArrayDeque<>();
                for (char c : "hello".toCharArray()) st.push(c);
                StringBuilder sb = new StringBuilder();
                while (!st.isEmpty()) sb.append(st.pop());
                return sb;
            }
        });
        t("dq iter remove", new Op() {
            public Object run() {
                ArrayDeque<Integer> d = new ArrayDeque<>(Arrays.asList(1, 2, 3, 4, 5, 6));
                for (Iterator<Integer> it = d.iterator(); it.hasNext(); ) if (it.next() % 2 == 1) it.remove();
                for (Iterator<Integer> it = d.descendingIterator(); it.hasNext(); ) if (it.next() == 4) it.remove();
                return d;
            }
        });
        // PriorityQueue: toString shows the heap array
        final PriorityQueue<Integer> pq = new PriorityQueue<>();
        int[] vals = {15, 3, 9, 1, 20, 7, 3, 12, 0, 5};
        for (int v : vals) pq.offer(v);
        System.out.println(pq + " " + pq.peek() + " " + pq.size());
        pq.remove(9);
        System.out.println(pq);
        StringBuilder drained = new StringBuilder();
        PriorityQueue<Integer> copy = new PriorityQueue<>(pq);
        while (!copy.isEmpty()) drained.append(copy.poll()).append(' ');
        System.out.println(drained);
        PriorityQueue<String> spq = new PriorityQueue<>(Collections.reverseOrder());
        spq.addAll(Arrays.asList("m", "a", "z", "k", "b"));
        System.out.println(spq + " " + new PriorityQueue<>(Arrays.asList(9, 8, 7, 6, 5, 4, 3)));
        t("pq remove", new Op() { public Object run() { return new PriorityQueue<Integer>().remove(); } });
        t("pq null", new Op() { public Object run() { return pq.add(null); } });
        t("pq iter remove", new Op() {
            public Object run() {
                PriorityQueue<Integer> p = new PriorityQueue<>(Arrays.asList(1, 2, 3, 4, 5, 6, 7, 8));
                for (Iterator<Integer> it = p.iterator(); it.hasNext(); ) if (it.next() % 3 == 0) it.remove();
                return p;
            }
        });
        // Stack / Vector
        final Stack<String> st = new Stack<>();
        st.push("a");
        st.push("b");
        st.push("c");
        System.out.println(st + " " + st.peek() + " " + st.pop() + " " + st.search("a") + " " + st.empty() + " " + st);
        t("stack empty", new Op() { public Object run() { return new Stack<Integer>().pop(); } });
        t("vector get", new Op() { public Object run() { return new Vector<Integer>(Arrays.asList(1, 2)).get(5); } });
        t("vector elementAt", new Op() { public Object run() { return new Vector<Integer>().elementAt(0); } });
        t("vector insert", new Op() { public Object run() { new Vector<Integer>().insertElementAt(1, 3); return null; } });
        // Collections
        List<Integer> nums = new ArrayList<>(Arrays.asList(4, 1, 3, 9, 7));
        Collections.sort(nums);
        int bs = Collections.binarySearch(nums, 7);
        Collections.reverse(nums);
        Collections.swap(nums, 0, 4);
        Collections.rotate(nums, 2);
        System.out.println(nums + " " + bs + " " + Collections.max(nums) + " " + Collections.min(nums) + " "
            + Collections.frequency(Arrays.asList(1, 2, 1, 1), 1) + " " + Collections.nCopies(3, "ab") + " "
            + Collections.emptyList() + Collections.emptyMap() + Collections.emptySet() + " " + Collections.singletonList(5)
            + Collections.singleton("s") + Collections.singletonMap("k", "v") + " "
            + Collections.disjoint(Arrays.asList(1, 2), Arrays.asList(3)) + " " + Collections.indexOfSubList(nums, Arrays.asList(9)));
        Collections.sort(nums, Collections.reverseOrder());
        List<String> strs = new ArrayList<>();
        Collections.addAll(strs, "pear", "fig", "apple");
        Collections.sort(strs, new Comparator<String>() {
            public int compare(String a, String b) { return a.length() - b.length(); }
        });
        System.out.println(nums + " " + strs + " " + Collections.max(strs, Comparator.<String>naturalOrder()));
        final List<Integer> un = Collections.unmodifiableList(nums);
        t("unmodifiable", new Op() { public Object run() { return un.add(1); } });
        t("unmodifiable view", new Op() { public Object run() { return un + " " + un.get(0) + " " + un.size(); } });
        t("emptyList get", new Op() { public Object run() { return Collections.emptyList().get(0); } });
        t("singletonList get", new Op() { public Object run() { return Collections.singletonList(1).get(1); } });
        t("nCopies bad", new Op() { public Object run() { return Collections.nCopies(-1, "x"); } });
        t("unmodifiable set/map", new Op() {
            public Object run() {
                Set<Integer> us = Collections.unmodifiableSet(new TreeSet<>(Arrays.asList(3, 1, 2)));
                Map<String, Integer> um = Collections.unmodifiableMap(new TreeMap<>(Collections.singletonMap("k", 1)));
                return us + " " + us.contains(2) + " " + um + " " + um.get("k") + " " + um.entrySet();
            }
        });
        t("unmodifiable map put", new Op() {
            public Object run() { return Collections.unmodifiableMap(new HashMap<String, Integer>()).put("a", 1); }
        });
        t("Objects", new Op() {
            public Object run() {
                return Objects.equals(null, null) + " " + Objects.hash(1, "a", null) + " " + Objects.hashCode(null) + " "
                    + Objects.toString(null, "dflt") + " " + Objects.isNull(null) + " " + Objects.nonNull(1) + " "
                    + Objects.compare("a", "b", Comparator.<String>naturalOrder());
            }
        });
        t("requireNonNull", new Op() { public Object run() { return Objects.requireNonNull(null, "param must not be null"); } });
        t("Optional", new Op() {
            public Object run() {
                Optional<String> o = Optional.of("v");
                return o + " " + Optional.empty() + " " + o.isPresent() + " " + Optional.ofNullable(null).orElse("none") + " "
                    + o.map(new java.util.function.Function<String, Integer>() {
                        public Integer apply(String s) { return s.length(); }
                    }).get();
            }
        });
        t("Optional get", new Op() { public Object run() { return Optional.empty().get(); } });
        t("StringJoiner", new Op() {
            public Object run() {
                StringJoiner j = new StringJoiner(", ", "{", "}");
                StringJoiner e = new StringJoiner("-");
                e.setEmptyValue("EMPTY");
                j.add("a").add("b");
                return j + " " + j.length() + " " + e + " " + new StringJoiner("/").add("x");
            }
        });
        t("Comparator", new Op() {
            public Object run() {
                List<String> l = new ArrayList<>(Arrays.asList("bb", "a", "ccc", "dd", "e"));
                l.sort(Comparator.comparing(new java.util.function.Function<String, Integer>() {
                    public Integer apply(String s) { return s.length(); }
                }).thenComparing(Comparator.<String>reverseOrder()));
                List<String> n = new ArrayList<>(Arrays.asList("x", null, "a"));
                n.sort(Comparator.nullsFirst(Comparator.<String>naturalOrder()));
                return l + " " + n;
            }
        });
    }
}
