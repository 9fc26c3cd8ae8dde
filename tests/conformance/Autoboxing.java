// Autoboxing and unboxing in arithmetic, collections, conditionals, and method arguments.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class Autoboxing {
    static int unbox(Integer i) { return i; }
    static Integer box(int i) { return i; }
    static long widen(Long l) { return l * 2; }
    static double sum(List<? extends Number> xs) { double s = 0; for (Number n : xs) s += n.doubleValue(); return s; }
    public static void main(String[] args) {
        List<Integer> list = new ArrayList<Integer>();
        for (int i = 0; i < 10; i++) list.add(i * i);
        int total = 0;
        for (int v : list) total += v;
        System.out.println(list + " total " + total);
        list.remove(Integer.valueOf(81));   // remove(Object)
        list.remove(0);                      // remove(int index)
        System.out.println(list);
        Map<String, Integer> counts = new HashMap<String, Integer>();
        String[] words = {"a", "b", "a", "c", "a", "b"};
        for (String w : words) {
            Integer c = counts.get(w);
            counts.put(w, c == null ? 1 : c + 1);
        }
        System.out.println(counts.get("a") + " " + counts.get("b") + " " + counts.get("c") + " " + counts.get("z"));
        Integer x = 10;
        x++;
        x += 5;
        x = x * 2;
        System.out.println(x + " " + unbox(x) + " " + box(7) + " " + widen(3L));
        Character ch = 'a';
        ch++;
        int ci = ch + 1;
        System.out.println(ch + " " + ci);
        Boolean flag = true;
        if (flag) System.out.println("flag " + !flag);
        Double d = 2.5;
        double r = d * 2 + x;
        System.out.println(r);
        List<Number> nums = new ArrayList<Number>();
        nums.add(1); nums.add(2.5); nums.add(3L); nums.add(1.5f); nums.add((short) 4); nums.add((byte) 5);
        System.out.println(sum(nums) + " " + nums);
        Object o = 42;
        System.out.println(o.getClass().getName() + " " + ((Object) 'c').getClass().getName() + " " + ((Object) 1.0f).getClass().getName());
        long big = Integer.MAX_VALUE;
        Long lb = big + 1;
        System.out.println(lb + " " + lb.getClass().getName());
        Integer nul = null;
        try {
            int bad = nul;
            System.out.println(bad);
        } catch (NullPointerException e) {
            System.out.println("unboxing null -> NPE");
        }
        Integer cond = true ? 1 : Integer.valueOf(2);
        System.out.println(cond);
    }
}
