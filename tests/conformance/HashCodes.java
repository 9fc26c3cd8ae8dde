// hashCode contracts that are specified exactly: String, boxed primitives, List, Set, Map.Entry, Arrays, enums' names.
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

public class HashCodes {
    public static void main(String[] args) {
        String[] ss = {"", "a", "abc", "hello world", "The quick brown fox", "\u00e9\u4e2d", "polygenelubricants", "Aa", "BB"};
        for (String s : ss) System.out.print(s.hashCode() + " ");
        System.out.println();
        System.out.println(Integer.valueOf(-7).hashCode() + " " + Long.valueOf(1L << 35).hashCode() + " " + Long.valueOf(-1L).hashCode()
            + " " + Double.valueOf(1.5).hashCode() + " " + Float.valueOf(1.5f).hashCode() + " " + Boolean.TRUE.hashCode()
            + " " + Character.valueOf('z').hashCode() + " " + Short.valueOf((short) -2).hashCode() + " " + Byte.valueOf((byte) 9).hashCode());
        List<Object> list = new ArrayList<Object>(Arrays.asList("x", 1, null, 2.0));
        System.out.println(list.hashCode() + " " + new ArrayList<Object>().hashCode());
        System.out.println(new HashSet<Integer>(Arrays.asList(1, 2, 3)).hashCode());
        Map<String, Integer> m = new HashMap<String, Integer>();
        m.put("a", 1); m.put("b", 2);
        System.out.println(m.hashCode() + " " + new AbstractMap.SimpleEntry<String, Integer>("a", 1).hashCode());
        System.out.println(Arrays.hashCode(new byte[] {1, 2}) + " " + Arrays.hashCode(new double[] {1.5}) + " "
            + Arrays.hashCode(new boolean[] {true, false}) + " " + Arrays.hashCode(new char[] {'a'}) + " " + Arrays.hashCode((int[]) null));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) sb.append((char) ('a' + i % 26));
        System.out.println(sb.toString().hashCode());
    }
}
