"""Original sample texts for the tests (written for simfind; not taken from anywhere)."""

from __future__ import annotations

ZH_DOCS = [
    # 0: a note on river towns
    "江南的水乡小镇大多依河而建，石桥连着两岸的街巷。清晨的时候，船夫撑着木船从桥下经过，"
    "岸边的茶馆已经坐满了喝早茶的老人。镇上的房子多是白墙黑瓦，门前挂着红色的灯笼。"
    "每到春天，河边的柳树抽出新芽，游客们便沿着石板路慢慢走，看水，看桥，也看人。"
    "傍晚时分，炊烟从屋顶升起，孩子们在巷口追逐打闹，整个小镇显得安静而温暖。"
    "这里的人说话声音很轻，做事也不急，仿佛时间在这里走得比别处慢一些。",
    # 1: on learning to program
    "学习编程最重要的不是记住多少语法，而是学会把一个大问题拆成许多小问题。"
    "初学者常常一上来就想写一个完整的程序，结果在细节里迷失方向。比较好的办法是先写出"
    "能够运行的最小版本，然后一点一点地增加功能，每增加一步都运行测试，确认没有破坏原来的行为。"
    "遇到错误的时候，不要急着修改代码，先读懂错误信息，再用打印或者调试器找到出问题的地方。"
    "坚持这样做几个月，你会发现自己解决问题的速度越来越快。",
    # 2: a recipe
    "番茄炒蛋是一道家常菜，做法简单却很考验火候。先把三个鸡蛋打散，加一点盐，"
    "锅里放油烧热后倒入蛋液，炒到刚刚凝固就盛出来。接着把两个番茄切块，用剩下的油翻炒，"
    "炒出汤汁以后加少许糖中和酸味，再把鸡蛋倒回锅里一起翻匀。出锅前撒上葱花，"
    "一盘红黄相间的番茄炒蛋就做好了。配上一碗米饭，是很多人记忆里最温暖的味道。",
    # 3: weather report
    "气象台今天下午发布消息，受冷空气影响，本市明天起将出现明显降温，最高气温下降八到十度，"
    "并伴有四到五级的偏北风。夜间部分地区可能出现小雨或者雨夹雪，道路湿滑，"
    "请驾驶员注意减速慢行。专家提醒市民及时添加衣物，老人和儿童尽量减少外出，"
    "预计这次降温过程将持续三天左右，周末以后气温会逐渐回升。",
    # 4: a product announcement
    "我们很高兴地宣布，新版本的文档编辑器正式发布。这次更新加入了多人实时协作功能，"
    "团队成员可以同时编辑同一份文档，并且看到彼此的光标位置。我们还重写了搜索模块，"
    "现在在上万份文档中查找关键词只需要不到一秒。此外，编辑器支持导出为多种格式，"
    "包括网页、电子书和打印版本。感谢所有参与测试的用户，你们的反馈让这个版本变得更好。",
    # 5: history of paper
    "造纸术是中国古代的四大发明之一。在纸出现以前，人们把文字写在竹简、木牍或者丝帛上，"
    "竹简太重，丝帛太贵，都不方便流传。东汉时期，蔡伦总结前人的经验，用树皮、麻头、"
    "破布和旧渔网做原料，造出了便宜又好用的纸。此后造纸技术逐渐传到朝鲜、日本、"
    "阿拉伯地区，最后传入欧洲，对人类文化的传播产生了深远的影响。",
]

EN_DOCS = [
    "The lighthouse keeper climbed the spiral stairs every evening at dusk. He trimmed the wick, "
    "polished the great lens and wrote the weather in a leather logbook. Ships passing the reef "
    "at night depended on that steady beam, and in forty years it had never once gone dark. "
    "When the automatic lamp was finally installed, he stayed on anyway, out of habit.",
    "To configure the server, copy the example settings file and edit the database section. "
    "Set the host, the port and the name of the database, then run the migration command. "
    "The server reads its settings once at startup, so restart it after every change. "
    "Logs are written to the standard error stream unless a log file is configured.",
    "Bees communicate the location of flowers through a waggle dance performed inside the hive. "
    "The angle of the dance relative to vertical encodes the direction of the food source "
    "relative to the sun, while the duration of the waggle run encodes the distance. "
    "Other workers follow the dancer closely and then fly out to find the flowers themselves.",
]

CODE = '''\
def parse_config(path):
    """Read a config file into a dict of sections."""
    sections = {}
    current = None
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                current = sections.setdefault(line[1:-1], {})
            elif "=" in line and current is not None:
                key, value = line.split("=", 1)
                current[key.strip()] = value.strip()
            else:
                raise ValueError(f"line {number}: cannot parse {line!r}")
    return sections
'''

#: A module (longer than short_chars), its next version shrunk below it, and a
#: longer stranger that shares some of its lines.
SERIALIZER = '''import json

from shop.signing import JSONEncoder as BaseEncoder


class PlainSerializer:
    """Turns a basket into bytes for the session store and back again."""

    def dumps(self, basket):
        return json.dumps(basket).encode("latin-1")

    def loads(self, data):
        return json.loads(data.decode("latin-1"))
'''
SERIALIZER_SHRUNK = """from shop.signing import JSONEncoder as BaseEncoder


class PlainSerializer(BaseEncoder):
    pass
"""
SERIALIZER_STRANGER = '''import json

from shop.models import Basket


class BasketView:
    """Shows a basket as a page; the basket comes from the session store."""

    def get(self, request):
        basket = Basket.objects.get(pk=request.session["basket"])
        return self.render(json.dumps(basket.lines()).encode("latin-1"))

    def post(self, request):
        return self.redirect("basket")
'''
